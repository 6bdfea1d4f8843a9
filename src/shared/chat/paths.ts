// Team chat: the API both sides share. Paths are relative to API_BASE.
import type { z } from 'zod';
import type {
  ChannelResponseSchema,
  ChannelSchema,
  ChannelsResponseSchema,
  ChatMessageSchema,
  ChatPersonSchema,
  JumpResponseSchema,
  MessageResponseSchema,
  MessagesResponseSchema,
  PeopleResponseSchema,
  ReactionSchema,
  ThreadResponseSchema,
} from './responses.ts';
export const CHANNEL_NAME_MAX = 80;
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_PAGE_SIZE = 50;
// The channel every workspace has, made on its first read; it cannot be archived or left private.
export const GENERAL_CHANNEL = 'general';
// A direct message names its people, two or more with me.
export const DM_PEOPLE_MAX = 8;
// Replies one page of a thread holds: a thread opens on its latest ones, earlier ones a page at a time.
export const THREAD_PAGE_SIZE = 100;
// Matches one search in a channel answers, newest first.
export const CHAT_SEARCH_MAX = 50;
// How often the composer tells others "typing…", and how long the others show it.
export const TYPING_EVERY_MS = 3000;
export const TYPING_SHOWN_MS = 6000;
// A person with the app open says so this often; past PRESENCE_STALE_MS without a word they are offline.
export const PRESENCE_EVERY_MS = 30_000;
export const PRESENCE_STALE_MS = 90_000;
// Tells the whole channel; only owners may, or a member who confirms.
export const CHANNEL_MENTION = /(^|[^\w@])@(channel|here)\b/i;

export const chatPaths = {
  // GET: the channels I can see, with my unread counts (ChannelsResponse); POST: create (CreateChannelSchema).
  channels: '/workspaces/:id/chat/channels',
  // PUT: rename or archive (UpdateChannelSchema).
  channel: '/workspaces/:id/chat/channels/:channelId',
  // POST, body {}: join a public channel / leave one.
  join: '/workspaces/:id/chat/channels/:channelId/join',
  leave: '/workspaces/:id/chat/channels/:channelId/leave',
  // POST: add a member to a channel I belong to (AddChannelMemberSchema).
  members: '/workspaces/:id/chat/channels/:channelId/members',
  // GET: a page of messages, newest first (MessagesQuerySchema; MessagesResponse); POST: send (SendMessageSchema).
  messages: '/workspaces/:id/chat/channels/:channelId/messages',
  // PUT: edit my own (SendMessageSchema); DELETE: delete my own, or any as an owner.
  message: '/workspaces/:id/chat/channels/:channelId/messages/:messageId',
  // POST: I have read up to this message (MarkReadSchema).
  read: '/workspaces/:id/chat/channels/:channelId/read',
  // GET ?before=<seq>: a thread, its first message and a page of its replies before that position, the
  // latest without one (RepliesQuerySchema; ThreadResponse).
  replies: '/workspaces/:id/chat/channels/:channelId/messages/:messageId/replies',
  // POST: add my reaction, or take it back when I had it (ReactionSchema; MessageResponse).
  reactions: '/workspaces/:id/chat/channels/:channelId/messages/:messageId/reactions',
  // POST: I am typing here (TypingSchema); others hear it on the live stream.
  typing: '/workspaces/:id/chat/channels/:channelId/typing',
  // GET: the channel's people with their presence (PeopleResponse).
  people: '/workspaces/:id/chat/channels/:channelId/people',
  // POST: open the one direct message of these people, made on first use (DirectMessageSchema; ChannelResponse).
  dms: '/workspaces/:id/chat/dms',
  // POST: I am here, or away (PresenceSchema).
  presence: '/workspaces/:id/chat/presence',
} as const;

export const PRESENCES = ['online', 'away', 'offline'] as const;
export type Presence = (typeof PRESENCES)[number];

export type ChatPerson = z.infer<typeof ChatPersonSchema>;
export type Reaction = z.infer<typeof ReactionSchema>;
export type Channel = z.infer<typeof ChannelSchema>;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type ChannelsResponse = z.infer<typeof ChannelsResponseSchema>;
export type ChannelResponse = z.infer<typeof ChannelResponseSchema>;
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>;
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
export type ThreadResponse = z.infer<typeof ThreadResponseSchema>;
export type PeopleResponse = z.infer<typeof PeopleResponseSchema>;
export type JumpResponse = z.infer<typeof JumpResponseSchema>;

// What a chat change writes to the workspace's live stream. A new message of a channel travels whole,
// as its readers' pages show it (no reactions yet, so nothing in it differs from reader to reader),
// with the channel's message before it: a page whose newest is that one appends it, any other reads
// the channel again. Every other change names only the channel, and the page reads what changed.
// A private channel's events reach its members only (its id, let alone its words, is nobody else's).
// Typing and presence name the person (the event's actorId) and never last: the browser forgets them.
export type ChatEventData =
  | { type: 'chat.message'; channelId: string; message: ChatMessage; previousSeq: number | null }
  | { type: 'chat.changed'; channelId: string; threadId: string | null }
  | { type: 'chat.typing'; channelId: string; threadId: string | null }
  | { type: 'chat.presence' };
