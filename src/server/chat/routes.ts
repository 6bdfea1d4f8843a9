import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  SendMessageSchema,
  TypingSchema,
  UpdateChannelSchema,
} from '#src/shared/chat/schemas.ts';
import { NoBodySchema } from '#src/shared/workspaces/schemas.ts';
import { parseBody } from '#src/server/http/errors.ts';
import { scopeFrom } from '#src/server/workspace-access/resolvers.ts';
import type { Chat } from './service.ts';

type Params = { id: string; channelId: string; messageId: string };

// The session door to team chat (the paths of src/shared/chat/paths.ts); a guest never gets this far
// (the resolver lets members only into a route that is not a portal route).
export function registerChatRoutes(app: FastifyInstance, { chat }: { chat: Chat }) {
  const params = (request: FastifyRequest) => request.params as Params;

  app.get(chatPaths.channels, async (request): Promise<ChannelsResponse> => chat.listChannels(scopeFrom(request)));

  app.post(chatPaths.channels, async (request, reply): Promise<ChannelResponse> => {
    const channel = await chat.createChannel(scopeFrom(request), parseBody(CreateChannelSchema, request.body));
    reply.code(201);
    return { channel };
  });

  app.put(chatPaths.channel, async (request): Promise<ChannelResponse> => ({
    channel: await chat.updateChannel(scopeFrom(request), params(request).channelId, parseBody(UpdateChannelSchema, request.body)),
  }));

  app.post(chatPaths.join, async (request): Promise<ChannelResponse> => {
    parseBody(NoBodySchema, request.body);
    return { channel: await chat.joinChannel(scopeFrom(request), params(request).channelId) };
  });

  app.post(chatPaths.leave, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    await chat.leaveChannel(scopeFrom(request), params(request).channelId);
    return { ok: true, message: chatNotice.left };
  });

  app.post(chatPaths.members, async (request): Promise<ChannelResponse> => {
    const { userId } = parseBody(AddChannelMemberSchema, request.body);
    return { channel: await chat.addMember(scopeFrom(request), params(request).channelId, userId) };
  });

  app.post(chatPaths.dms, async (request): Promise<ChannelResponse> => {
    const { userIds } = parseBody(DirectMessageSchema, request.body);
    return { channel: await chat.openDirect(scopeFrom(request), userIds) };
  });

  app.get(chatPaths.messages, async (request): Promise<MessagesResponse | JumpResponse> => {
    const { before, after, q, on } = parseBody(MessagesQuerySchema, request.query);
    return chat.messages(scopeFrom(request), params(request).channelId, {
      ...(before !== undefined ? { before: Number(before) } : {}),
      ...(after !== undefined ? { after: Number(after) } : {}),
      ...(q !== undefined ? { q } : {}),
      ...(on !== undefined ? { on } : {}),
    });
  });

  app.post(chatPaths.messages, async (request, reply): Promise<MessageResponse> => {
    const message = await chat.send(scopeFrom(request), params(request).channelId, parseBody(SendMessageSchema, request.body));
    reply.code(201);
    return { message };
  });

  app.get(chatPaths.replies, async (request): Promise<ThreadResponse> => {
    const { channelId, messageId } = params(request);
    return chat.thread(scopeFrom(request), channelId, messageId);
  });

  app.post(chatPaths.reactions, async (request): Promise<MessageResponse> => {
    const { emoji } = parseBody(ReactionSchema, request.body);
    const { channelId, messageId } = params(request);
    return { message: await chat.react(scopeFrom(request), channelId, messageId, emoji) };
  });

  app.post(chatPaths.typing, async (request): Promise<OkResponse> => {
    const { parentId } = parseBody(TypingSchema, request.body);
    await chat.typing(scopeFrom(request), params(request).channelId, parentId ?? null);
    return { ok: true, message: '' };
  });

  app.get(chatPaths.people, async (request): Promise<PeopleResponse> => ({
    people: await chat.people(scopeFrom(request), params(request).channelId),
  }));

  app.post(chatPaths.presence, async (request): Promise<OkResponse> => {
    const { state } = parseBody(PresenceSchema, request.body);
    await chat.setPresence(scopeFrom(request), state);
    return { ok: true, message: '' };
  });

  app.put(chatPaths.message, async (request): Promise<MessageResponse> => {
    const { body } = parseBody(EditMessageSchema, request.body);
    const { channelId, messageId } = params(request);
    return { message: await chat.edit(scopeFrom(request), channelId, messageId, body) };
  });

  app.delete(chatPaths.message, async (request): Promise<OkResponse> => {
    parseBody(NoBodySchema, request.body);
    const { channelId, messageId } = params(request);
    await chat.remove(scopeFrom(request), channelId, messageId);
    return { ok: true, message: chatNotice.deleted };
  });

  app.post(chatPaths.read, async (request): Promise<ChannelResponse> => {
    const { seq } = parseBody(MarkReadSchema, request.body);
    return { channel: await chat.markRead(scopeFrom(request), params(request).channelId, seq) };
  });
}
