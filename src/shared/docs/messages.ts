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

export const docsText = {
  title: 'Docs',
  pages: 'Pages',
  newPage: 'New page',
  newSubPage: (title: string) => `New page inside ${title}`,
  emptyTitle: 'No pages yet',
  emptyBody: 'Create the first page to write specs and notes with your team. Everyone in the workspace can open it and type along.',
  pickPage: 'Pick a page on the left, or create a new one.',
  loadFailed: 'Docs could not be loaded.',
  retry: 'Try again',
  titleLabel: 'Page title',
  iconLabel: 'Page icon',
  noIcon: 'No icon',
  deletePage: 'Delete page',
  deleteTitle: (title: string) => `Delete “${title}”?`,
  deleteBody: 'The page and every page inside it are deleted for everyone.',
  deleting: 'Deleting…',
  deleteFailed: 'The page could not be deleted.',
  placeholder: 'Start writing. Use the toolbar for headings, lists, checklists, tables and code.',
  editorLabel: (title: string) => `Text of ${title}`,
  connecting: 'Connecting…',
  offline: 'Offline: your edits are kept and sent when the connection returns.',
  refused: 'You can no longer open this page.',
  presence: 'On this page',
  you: (name: string) => `${name} (you)`,
  // The tree's keyboard help, read with each page.
  treeHelp:
    'Alt+Arrow Up or Down moves a page among its siblings; Alt+Arrow Right puts it inside the page above; Alt+Arrow Left takes it out.',
  dragHandle: (title: string) => `Drag ${title}`,
  moved: (title: string) => `Moved ${title}.`,
  toolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  strike: 'Strikethrough',
  heading: (level: number) => `Heading ${level}`,
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  taskList: 'Checklist',
  quote: 'Quote',
  codeBlock: 'Code block',
  divider: 'Divider',
  table: 'Table',
  link: 'Link',
  linkPrompt: 'Link address (https://…)',
  image: 'Image',
  imagePrompt: 'Image address (https://…)',
} as const;
