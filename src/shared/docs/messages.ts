// The words of docs.
export const docsError = {
  // A page of another workspace, or none at all, is the same 404.
  pageNotFound: 'Page not found.',
  parentNotFound: 'The parent page was not found.',
  intoItself: 'A page cannot be moved inside itself or one of its sub-pages.',
  tooDeep: (max: number) => `Pages can nest at most ${max} levels deep.`,
  tooMany: (max: number) => `A workspace can hold at most ${max.toLocaleString('en')} pages.`,
} as const;

export const docsNotice = {
  deleted: 'Page deleted.',
} as const;
