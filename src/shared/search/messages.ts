// The words of search: the endpoint's refusals and the palette's text.
export const searchError = {
  emptyQuery: 'Type something to search for.',
  noWords: 'Search for a word: letters or digits.',
} as const;

export const searchCopy = {
  palette: 'Search tasks, comments, clients and messages',
  paletteHint:
    'Type a word from a task, a comment, a client or a chat message, a task key like TSR-42, or a new task like “Fix login bug tomorrow @ben #bugs !high”. ↑ ↓ to choose, Enter to open, Esc to close.',
  createTask: 'Create task',
  createIn: (workspace: string) => `in ${workspace}`,
  creating: 'Creating the task…',
  noResults: (query: string) => `Nothing matches “${query}” in your workspaces. Try another word, or a shorter start of one.`,
  searching: 'Searching…',
  results: (count: number) => `${count} result${count === 1 ? '' : 's'}`,
  kind: { task: 'Task', comment: 'Comment', client: 'Client', project: 'Project', page: 'Page', message: 'Message' },
  // Where a chat message was said, and by whom.
  messageBy: (author: string) => `by ${author}`,
  allWorkspaces: 'All workspaces',
  anyKind: 'Everything',
  shortcut: 'Ctrl K',
} as const;
