// Search over the team's own data: one index, one endpoint, the header box and the ⌘K palette.
// Paths are relative to API_BASE.
export const searchPaths = {
  // GET ?q=…&kind=…&workspace=…&limit=…: hits across the workspaces I am a member of (SearchResponse).
  search: '/search',
} as const;

// What the index holds. A new kind adds its name here and an indexer for its changes on the server
// (docs/architecture.md, "Search").
export const SEARCH_KINDS = ['task', 'comment', 'client', 'project', 'page', 'message'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_QUERY_MAX = 200;
// Words of a query that count; the rest are ignored (a pasted paragraph is not a search).
export const SEARCH_TERMS_MAX = 8;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

// A piece of a snippet; `match` pieces are the words the query found (shown highlighted).
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SearchHit {
  kind: SearchKind;
  // The row found: a task's, a comment's, a client's, a project's, a docs page's or a chat message's id.
  id: string;
  workspaceId: string;
  workspaceName: string;
  // What opening the hit shows: the task (a comment opens its task), or else the client (a project
  // opens its client's page); both null for a page, which opens itself.
  taskId: string | null;
  // That task's key (TSR-42).
  taskKey: string | null;
  clientId: string | null;
  // The task's (or client's, project's or page's) name, highlighted where the query matched it.
  title: SnippetPart[];
  // Where the query matched the text (a description, a comment, a client's company and notes, a chat
  // message), or its start when only the title did.
  snippet: SnippetPart[];
  // A chat message's place (its title is the channel's name, or the direct message's people): null for
  // every other kind.
  message: FoundMessage | null;
}

export interface FoundMessage {
  channelId: string;
  channelKind: 'channel' | 'dm';
  private: boolean;
  authorName: string;
  sentAt: string;
  // Where the channel opens: the message itself, or the thread's first message when it is a reply
  // (the thread then opens beside it, `threadId`).
  seq: number;
  threadId: string | null;
}

export interface SearchResponse {
  hits: SearchHit[];
}
