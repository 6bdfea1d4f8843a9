import type { ChatMessage } from '#src/shared/chat/paths.ts';

// A message of channel c1 as the server sends it, for the chat's component tests: a plain message of the
// channel, unedited, with no replies or reactions unless `fields` says otherwise.
export const chatMessage = (fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'm1',
  seq: 1,
  channelId: 'c1',
  authorId: 'u2',
  authorName: 'Ada Owner',
  body: '',
  createdAt: '2026-11-24T10:00:00.000Z',
  editedAt: null,
  parentId: null,
  replyCount: 0,
  lastReplyAt: null,
  reactions: [],
  ...fields,
});
