// The invitation link carries its token after `#`: browsers never send the fragment to a server, so it
// is kept out of access logs and Referer headers; the page posts it. Kept apart from the workspace schemas
// so the route table (in every page's first load) does not bring zod along.
export const INVITATION_PAGE = '/invitations';
export const invitationLink = (origin: string, token: string) => `${origin}${INVITATION_PAGE}#${token}`;
