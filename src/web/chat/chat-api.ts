import {
  chatPaths,
  type ChannelResponse,
  type ChannelsResponse,
  type MessageResponse,
  type MessagesResponse,
} from '#src/shared/chat/paths.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import type { CreateChannelBody } from '#src/shared/chat/schemas.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api } from '#src/web/lib/api-client.ts';

// Team chat's calls; each rejects with the server's sentence (ApiError).
const NO_BODY = {};
const at = (template: string, id: string, channelId = '', messageId = '') => workspacePath(template, { id, channelId, messageId });

export const chatApi = {
  channels: (id: string) => api<ChannelsResponse>('GET', at(chatPaths.channels, id)),
  createChannel: (id: string, body: CreateChannelBody) => api<ChannelResponse>('POST', at(chatPaths.channels, id), body),
  join: (id: string, channelId: string) => api<ChannelResponse>('POST', at(chatPaths.join, id, channelId), NO_BODY),
  messages: (id: string, channelId: string, before: string | null) =>
    api<MessagesResponse>('GET', at(chatPaths.messages, id, channelId) + (before ? `?before=${encodeURIComponent(before)}` : '')),
  send: (id: string, channelId: string, body: string) => api<MessageResponse>('POST', at(chatPaths.messages, id, channelId), { body }),
  edit: (id: string, channelId: string, messageId: string, body: string) =>
    api<MessageResponse>('PUT', at(chatPaths.message, id, channelId, messageId), { body }),
  remove: (id: string, channelId: string, messageId: string) =>
    api<OkResponse>('DELETE', at(chatPaths.message, id, channelId, messageId), NO_BODY),
  markRead: (id: string, channelId: string, seq: number) => api<ChannelResponse>('POST', at(chatPaths.read, id, channelId), { seq }),
};

// Every chat read of a workspace sits under one key, so the live stream refreshes them together.
export const chatKeys = {
  all: (id: string) => ['chat', id] as const,
  channels: (id: string) => ['chat', id, 'channels'] as const,
  messages: (id: string, channelId: string) => ['chat', id, 'messages', channelId] as const,
};
