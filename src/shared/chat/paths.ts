// Team chat: the API both sides share. Paths are relative to API_BASE.
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

export type Presence = 'online' | 'away' | 'offline';

export interface ChatPerson {
  id: string;
  name: string;
  presence: Presence;
}

export interface Reaction {
  emoji: string;
  count: number;
  mine: boolean;
}

export interface Channel {
  id: string;
  kind: 'channel' | 'dm';
  // A direct message's name is its people's, other than me (dmWith).
  name: string;
  dmWith: { id: string; name: string }[];
  private: boolean;
  archived: boolean;
  joined: boolean;
  // Messages from others after my last-read position (0 in a channel I have not joined).
  unread: number;
  // The sequence number of the last message I have read; null when none.
  lastReadSeq: number | null;
  createdBy: string | null;
}

export interface ChatMessage {
  id: string;
  // Rises with every message of the workspace: the history cursor and the read position.
  seq: number;
  channelId: string;
  authorId: string | null;
  authorName: string;
  body: string;
  createdAt: string;
  editedAt: string | null;
  // A reply's thread (its first message's id); null for a message of the channel.
  parentId: string | null;
  replyCount: number;
  lastReplyAt: string | null;
  reactions: Reaction[];
}

export interface ChannelsResponse {
  channels: Channel[];
  unreadTotal: number;
}
export interface ChannelResponse {
  channel: Channel;
}
export interface MessagesResponse {
  messages: ChatMessage[];
  // Pass as `before` for the next (older) page; null at the start of the channel.
  nextCursor: string | null;
}
export interface MessageResponse {
  message: ChatMessage;
}
export interface ThreadResponse {
  parent: ChatMessage;
  // Oldest first.
  replies: ChatMessage[];
  following: boolean;
  // Where the earlier replies start (the `before` of the next page); null when this page has the first.
  olderCursor: string | null;
}
export interface PeopleResponse {
  people: ChatPerson[];
}
// A jump to a date: the first message on or after it (null: none since).
export interface JumpResponse {
  seq: number | null;
}

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
