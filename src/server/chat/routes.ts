import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OkResponse } from '#src/shared/accounts/paths.ts';
import { chatNotice } from '#src/shared/chat/messages.ts';
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
import {
  AddChannelMemberSchema,
  CreateChannelSchema,
  DirectMessageSchema,
  EditMessageSchema,
  MarkReadSchema,
  MessagesQuerySchema,
  PresenceSchema,
  ReactionSchema,
  RepliesQuerySchema,
  SendMessageSchema,
  TypingSchema,
  UpdateChannelSchema,
} from '#src/shared/chat/schemas.ts';
import {
  ChannelResponseSchema,
  ChannelsResponseSchema,
  MessageResponseSchema,
  MessagesOrJumpResponseSchema,
  PeopleResponseSchema,
  ThreadResponseSchema,
} from '#src/shared/chat/responses.ts';
import { OkResponseSchema } from '#src/shared/responses.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { pathParams } from '#src/server/http/validation.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Chat } from './service.ts';

const channelParams = pathParams('id', 'channelId');
const messageParams = pathParams('id', 'channelId', 'messageId');

// The session door to team chat (the paths of src/shared/chat/paths.ts); a guest never gets this far
// (the resolver lets members only into a route that is not a portal route). The door runs before each
// route's schemas, so a stranger gets the 401, never a 400.
export function registerChatRoutes(app: FastifyInstance, { chat }: { chat: Chat }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(chatPaths.channels, { schema: { response: { 200: ChannelsResponseSchema } } }, async (request): Promise<ChannelsResponse> =>
    chat.listChannels(scopeFrom(request)),
  );

  api.post(
    chatPaths.channels,
    { schema: { body: CreateChannelSchema, response: { 201: ChannelResponseSchema } } },
    async (request, reply): Promise<ChannelResponse> => {
      const channel = await chat.createChannel(scopeFrom(request), request.body);
      reply.code(201);
      return { channel };
    },
  );

  api.put(
    chatPaths.channel,
    { schema: { params: channelParams, body: UpdateChannelSchema, response: { 200: ChannelResponseSchema } } },
    async (request): Promise<ChannelResponse> => ({
      channel: await chat.updateChannel(scopeFrom(request), request.params.channelId, request.body),
    }),
  );

  api.post(
    chatPaths.join,
    { schema: { params: channelParams, body: NoBodySchema, response: { 200: ChannelResponseSchema } } },
    async (request): Promise<ChannelResponse> => ({
      channel: await chat.joinChannel(scopeFrom(request), request.params.channelId),
    }),
  );

  api.post(
    chatPaths.leave,
    { schema: { params: channelParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await chat.leaveChannel(scopeFrom(request), request.params.channelId);
      return { ok: true, message: chatNotice.left };
    },
  );

  api.post(
    chatPaths.members,
    { schema: { params: channelParams, body: AddChannelMemberSchema, response: { 200: ChannelResponseSchema } } },
    async (request): Promise<ChannelResponse> => ({
      channel: await chat.addMember(scopeFrom(request), request.params.channelId, request.body.userId),
    }),
  );

  api.post(
    chatPaths.dms,
    { schema: { body: DirectMessageSchema, response: { 200: ChannelResponseSchema } } },
    async (request): Promise<ChannelResponse> => ({
      channel: await chat.openDirect(scopeFrom(request), request.body.userIds),
    }),
  );

  api.get(
    chatPaths.messages,
    { schema: { params: channelParams, querystring: MessagesQuerySchema, response: { 200: MessagesOrJumpResponseSchema } } },
    async (request): Promise<MessagesResponse | JumpResponse> => {
      const { before, after, q, on } = request.query;
      return chat.messages(scopeFrom(request), request.params.channelId, {
        ...(before !== undefined ? { before: Number(before) } : {}),
        ...(after !== undefined ? { after: Number(after) } : {}),
        ...(q !== undefined ? { q } : {}),
        ...(on !== undefined ? { on } : {}),
      });
    },
  );

  api.post(
    chatPaths.messages,
    { schema: { params: channelParams, body: SendMessageSchema, response: { 201: MessageResponseSchema } } },
    async (request, reply): Promise<MessageResponse> => {
      const message = await chat.send(scopeFrom(request), request.params.channelId, request.body);
      reply.code(201);
      return { message };
    },
  );

  api.get(
    chatPaths.replies,
    { schema: { params: messageParams, querystring: RepliesQuerySchema, response: { 200: ThreadResponseSchema } } },
    async (request): Promise<ThreadResponse> => {
      const { channelId, messageId } = request.params;
      const { before } = request.query;
      return chat.thread(scopeFrom(request), channelId, messageId, before === undefined ? null : Number(before));
    },
  );

  api.post(
    chatPaths.reactions,
    { schema: { params: messageParams, body: ReactionSchema, response: { 200: MessageResponseSchema } } },
    async (request): Promise<MessageResponse> => {
      const { channelId, messageId } = request.params;
      return { message: await chat.react(scopeFrom(request), channelId, messageId, request.body.emoji) };
    },
  );

  api.post(
    chatPaths.typing,
    { schema: { params: channelParams, body: TypingSchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await chat.typing(scopeFrom(request), request.params.channelId, request.body.parentId ?? null);
      return { ok: true, message: '' };
    },
  );

  api.get(
    chatPaths.people,
    { schema: { params: channelParams, response: { 200: PeopleResponseSchema } } },
    async (request): Promise<PeopleResponse> => ({
      people: await chat.people(scopeFrom(request), request.params.channelId),
    }),
  );

  api.post(
    chatPaths.presence,
    { schema: { body: PresenceSchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      await chat.setPresence(scopeFrom(request), request.body.state);
      return { ok: true, message: '' };
    },
  );

  api.put(
    chatPaths.message,
    { schema: { params: messageParams, body: EditMessageSchema, response: { 200: MessageResponseSchema } } },
    async (request): Promise<MessageResponse> => {
      const { channelId, messageId } = request.params;
      return { message: await chat.edit(scopeFrom(request), channelId, messageId, request.body.body) };
    },
  );

  api.delete(
    chatPaths.message,
    { schema: { params: messageParams, body: NoBodySchema, response: { 200: OkResponseSchema } } },
    async (request): Promise<OkResponse> => {
      const { channelId, messageId } = request.params;
      await chat.remove(scopeFrom(request), channelId, messageId);
      return { ok: true, message: chatNotice.deleted };
    },
  );

  api.post(
    chatPaths.read,
    { schema: { params: channelParams, body: MarkReadSchema, response: { 200: ChannelResponseSchema } } },
    async (request): Promise<ChannelResponse> => ({
      channel: await chat.markRead(scopeFrom(request), request.params.channelId, request.body.seq),
    }),
  );
}
