// Team chat: the API both sides share. Paths are relative to API_BASE.
export const CHANNEL_NAME_MAX = 80;
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_PAGE_SIZE = 50;
// The channel every workspace has, made on its first read; it cannot be archived or left private.
export const GENERAL_CHANNEL = 'general';

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
} as const;

export interface Channel {
  id: string;
  name: string;
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

// What a chat change writes to the workspace's live stream: the channel's id only, never a message's
// words, since every member of the workspace hears the stream; the browser refetches what it may see.
export type ChatEventData = { type: 'chat.changed'; channelId: string };
