import {
  chatPaths,
  type ChannelResponse,
  type ChannelsResponse,
  type JumpResponse,
  type MessageResponse,
  type MessagesResponse,
  type PeopleResponse,
  type ThreadResponse,
} from '#src/shared/chat/paths.ts';
import { taskPaths, type TaskResponse } from '#src/shared/tasks/paths.ts';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import type { CreateChannelBody, SendMessageBody } from '#src/shared/chat/schemas.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api, signal } from '#src/web/lib/api-client.ts';

// Team chat's calls; each rejects with the server's sentence (ApiError).
const NO_BODY = {};
const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return search.size > 0 ? `?${search}` : '';
};
const at = (template: string, id: string, channelId = '', messageId = '') => workspacePath(template, { id, channelId, messageId });

// The channel list's and a channel's messages' paths: the chat page's first reads, also asked before it
// renders (app/page-first-reads.ts).
export const channelsPath = (id: string) => at(chatPaths.channels, id);
// A page older than `before` (newest first), or newer than `after` (oldest first); none: the latest.
// `q` searches the channel, `on` finds a day's first message.
export const messagesPath = (id: string, channelId: string, page: { before?: string; after?: string; q?: string; on?: string } = {}) =>
  at(chatPaths.messages, id, channelId) + query(page);

export const chatApi = {
  channels: (id: string) => api<ChannelsResponse>('GET', channelsPath(id)),
  createChannel: (id: string, body: CreateChannelBody) => api<ChannelResponse>('POST', channelsPath(id), body),
  join: (id: string, channelId: string) => api<ChannelResponse>('POST', at(chatPaths.join, id, channelId), NO_BODY),
  messages: (id: string, channelId: string, page?: { before?: string; after?: string; q?: string }) =>
    api<MessagesResponse>('GET', messagesPath(id, channelId, page)),
  jump: (id: string, channelId: string, on: string) => api<JumpResponse>('GET', messagesPath(id, channelId, { on })),
  send: (id: string, channelId: string, body: SendMessageBody) => api<MessageResponse>('POST', messagesPath(id, channelId), body),
  // A thread's latest replies, or the page before `before`.
  thread: (id: string, channelId: string, messageId: string, before?: string) =>
    api<ThreadResponse>('GET', at(chatPaths.replies, id, channelId, messageId) + query({ before })),
  react: (id: string, channelId: string, messageId: string, emoji: string) =>
    api<MessageResponse>('POST', at(chatPaths.reactions, id, channelId, messageId), { emoji }),
  typing: (id: string, channelId: string, parentId: string | null) =>
    signal<OkResponse>(at(chatPaths.typing, id, channelId), parentId ? { parentId } : NO_BODY),
  people: (id: string, channelId: string) => api<PeopleResponse>('GET', at(chatPaths.people, id, channelId)),
  openDirect: (id: string, userIds: string[]) => api<ChannelResponse>('POST', at(chatPaths.dms, id), { userIds }),
  presence: (id: string, state: 'online' | 'away') => signal<OkResponse>(at(chatPaths.presence, id), { state }),
  // A task named in a message (by key), for its preview card; and a message made into a task.
  task: (id: string, key: string) => api<TaskResponse>('GET', workspacePath(taskPaths.task, { id, taskId: key })),
  createTask: (id: string, body: { title: string; description: string }) =>
    api<TaskResponse>('POST', workspacePath(taskPaths.tasks, { id }), body),
  edit: (id: string, channelId: string, messageId: string, body: string) =>
    api<MessageResponse>('PUT', at(chatPaths.message, id, channelId, messageId), { body }),
  remove: (id: string, channelId: string, messageId: string) =>
    api<OkResponse>('DELETE', at(chatPaths.message, id, channelId, messageId), NO_BODY),
  markRead: (id: string, channelId: string, seq: number) => api<ChannelResponse>('POST', at(chatPaths.read, id, channelId), { seq }),
};

// Every chat read of a workspace sits under one key, so the live stream refreshes them together.
const histories = (id: string) => ['chat', id, 'messages'] as const;
export const chatKeys = {
  all: (id: string) => ['chat', id] as const,
  channels: (id: string) => ['chat', id, 'channels'] as const,
  // Every channel's history of the workspace, each under messages(id, channelId).
  histories,
  messages: (id: string, channelId: string) => [...histories(id), channelId] as const,
  thread: (id: string, channelId: string, messageId: string) => ['chat', id, 'thread', channelId, messageId] as const,
  people: (id: string, channelId: string) => ['chat', id, 'people', channelId] as const,
  search: (id: string, channelId: string, q: string) => ['chat', id, 'search', channelId, q] as const,
  task: (id: string, key: string) => ['chat', id, 'task', key] as const,
};
