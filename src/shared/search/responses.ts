// The zod schemas of the search route's answer (checked by the server outside production; the browser's
// types in paths.ts are inferred from them). Apart from schemas.ts, which the forms load.
import { z } from 'zod';
import { SEARCH_KINDS } from './paths.ts';

// A piece of a snippet; `match` pieces are the words the query found (shown highlighted).
export const SnippetPartSchema = z.strictObject({ text: z.string(), match: z.boolean() });

export const FoundMessageSchema = z.strictObject({
  channelId: z.string(),
  channelKind: z.enum(['channel', 'dm']),
  private: z.boolean(),
  authorName: z.string(),
  sentAt: z.iso.datetime(),
  // Where the channel opens: the message itself, or the thread's first message when it is a reply
  // (the thread then opens beside it, `threadId`).
  seq: z.number().int(),
  threadId: z.string().nullable(),
});

export const SearchHitSchema = z.strictObject({
  kind: z.enum(SEARCH_KINDS),
  // The row found: a task's, a comment's, a client's, a project's, a docs page's or a chat message's id.
  id: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  // What opening the hit shows: the task (a comment opens its task), or else the client (a project
  // opens its client's page); both null for a page, which opens itself.
  taskId: z.string().nullable(),
  // That task's key (TSR-42).
  taskKey: z.string().nullable(),
  clientId: z.string().nullable(),
  // The task's (or client's, project's or page's) name, highlighted where the query matched it.
  title: z.array(SnippetPartSchema),
  // Where the query matched the text (a description, a comment, a client's company and notes, a chat
  // message), or its start when only the title did.
  snippet: z.array(SnippetPartSchema),
  // A chat message's place (its title is the channel's name, or the direct message's people): null for
  // every other kind.
  message: FoundMessageSchema.nullable(),
});

export const SearchResponseSchema = z.strictObject({ hits: z.array(SearchHitSchema) });
