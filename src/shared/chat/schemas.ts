// The zod request schemas of team chat (validated by the server, reused by the forms).
import { z } from 'zod';
import { entityId, MULTILINE_OK, text } from '#src/shared/validation.ts';
import { CHANNEL_NAME_MAX, CHAT_MESSAGE_MAX } from './paths.ts';

// Lower-case words joined by dashes, as people type them after a `#`.
const CHANNEL_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const channelName = text('Channel name')
  .trim()
  .toLowerCase()
  .min(1, { error: 'Channel name is required.' })
  .max(CHANNEL_NAME_MAX, { error: `Channel name must be at most ${CHANNEL_NAME_MAX} characters.` })
  .regex(CHANNEL_NAME, { error: 'Channel name may use only lower-case letters, digits, dashes and underscores.' });

export const CreateChannelSchema = z.strictObject({
  name: channelName,
  private: z.boolean({ error: 'Private must be true or false.' }).optional(),
});

export const UpdateChannelSchema = z
  .strictObject({
    name: channelName.optional(),
    archived: z.boolean({ error: 'Archived must be true or false.' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.archived !== undefined, { error: 'Give a new name or archived.' });

export const AddChannelMemberSchema = z.strictObject({ userId: entityId('Member') });

export const SendMessageSchema = z.strictObject({
  body: text('Message')
    .trim()
    .min(1, { error: 'Message is required.' })
    .max(CHAT_MESSAGE_MAX, { error: `Message must be at most ${CHAT_MESSAGE_MAX.toLocaleString('en')} characters.` })
    .regex(MULTILINE_OK, { error: 'Message contains characters that are not allowed.' }),
});

const seq = (label: string) => text(label).regex(/^\d{1,15}$/, { error: `${label} must be a message position.` });

export const MessagesQuerySchema = z.strictObject({ before: seq('before').optional() });

export const MarkReadSchema = z.strictObject({
  seq: z
    .number({ error: 'seq must be a message position.' })
    .int({ error: 'seq must be a message position.' })
    .min(0, { error: 'seq must be a message position.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'seq must be a message position.' }),
});

export type CreateChannelBody = z.input<typeof CreateChannelSchema>;
export type SendMessageBody = z.input<typeof SendMessageSchema>;
