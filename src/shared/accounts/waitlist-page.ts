// product rules A3: the one page a signed-in applicant waiting for approval may open. Its own module, so
// the route guards (on every page's first load) import one string, not the admin contract.
export const WAITLIST_PAGE = '/on-the-list';
