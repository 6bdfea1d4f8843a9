// The zod schemas of the chat and Slack import routes' answers (checked by the server outside
// production; the browser's types in paths.ts and slack-import-paths.ts are inferred from them). Apart
// from schemas.ts, which the forms load.
import { z } from 'zod';
import { PRESENCES } from './paths.ts';
import { SLACK_IMPORT_STATUSES } from './slack-import-paths.ts';

export const ChatPersonSchema = z.strictObject({ id: z.string(), name: z.string(), presence: z.enum(PRESENCES) });

export const ReactionSchema = z.strictObject({ emoji: z.string(), count: z.number().int(), mine: z.boolean() });

export const ChannelSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['channel', 'dm']),
  // A direct message's name is its people's, other than me (dmWith).
  name: z.string(),
  dmWith: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  private: z.boolean(),
  archived: z.boolean(),
  joined: z.boolean(),
  // Messages from others after my last-read position (0 in a channel I have not joined).
  unread: z.number().int().min(0),
  // The sequence number of the last message I have read; null when none.
  lastReadSeq: z.number().int().nullable(),
  createdBy: z.string().nullable(),
});

export const ChatMessageSchema = z.strictObject({
  id: z.string(),
  // Rises with every message of the workspace: the history cursor and the read position.
  seq: z.number().int(),
  channelId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  // A reply's thread (its first message's id); null for a message of the channel.
  parentId: z.string().nullable(),
  replyCount: z.number().int().min(0),
  lastReplyAt: z.iso.datetime().nullable(),
  reactions: z.array(ReactionSchema),
});

export const ChannelsResponseSchema = z.strictObject({ channels: z.array(ChannelSchema), unreadTotal: z.number().int().min(0) });
export const ChannelResponseSchema = z.strictObject({ channel: ChannelSchema });
export const MessagesResponseSchema = z.strictObject({
  messages: z.array(ChatMessageSchema),
  // Pass as `before` for the next (older) page; null at the start of the channel.
  nextCursor: z.string().nullable(),
});
export const MessageResponseSchema = z.strictObject({ message: ChatMessageSchema });
export const ThreadResponseSchema = z.strictObject({
  parent: ChatMessageSchema,
  // Oldest first.
  replies: z.array(ChatMessageSchema),
  following: z.boolean(),
  // Where the earlier replies start (the `before` of the next page); null when this page has the first.
  olderCursor: z.string().nullable(),
});
export const PeopleResponseSchema = z.strictObject({ people: z.array(ChatPersonSchema) });
// A jump to a date: the first message on or after it (null: none since).
export const JumpResponseSchema = z.strictObject({ seq: z.number().int().nullable() });
// A page of messages, or (with `on`) the jump to a date.
export const MessagesOrJumpResponseSchema = z.union([MessagesResponseSchema, JumpResponseSchema]);

export const SlackImportChannelSchema = z.strictObject({
  slackName: z.string(),
  // The channel it lands in: the one an earlier import made, or a new one under this name.
  name: z.string(),
  messages: z.number().int().min(0),
  existing: z.boolean(),
});

// The dry run: what the import would bring, before anything is written.
export const SlackImportPreviewSchema = z.strictObject({
  channels: z.array(SlackImportChannelSchema),
  messages: z.number().int().min(0),
  threads: z.number().int().min(0),
  reactions: z.number().int().min(0),
  // People who wrote or reacted: matched to a member by email, or shown under their Slack names.
  matchedPeople: z.number().int().min(0),
  unmatchedPeople: z.number().int().min(0),
  // Channel joins, topic changes and other Slack notices, left out.
  skipped: z.number().int().min(0),
  // Messages longer than a chat message may be, cut to fit.
  shortened: z.number().int().min(0),
  // Messages an earlier import brought already; importing them again changes nothing.
  alreadyImported: z.number().int().min(0),
});

export const SlackImportSchema = z.strictObject({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(SLACK_IMPORT_STATUSES),
  preview: SlackImportPreviewSchema,
  totalMessages: z.number().int().min(0),
  processedMessages: z.number().int().min(0),
  importedMessages: z.number().int().min(0),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});

export const SlackImportResponseSchema = z.strictObject({ import: SlackImportSchema });
export const SlackImportsResponseSchema = z.strictObject({ imports: z.array(SlackImportSchema) });
