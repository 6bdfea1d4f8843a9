// The zod request schemas of team chat (validated by the server, reused by the forms).
import { z } from 'zod';
import { calendarDay, entityId, MULTILINE_OK, text } from '#src/shared/validation.ts';
import { CHANNEL_NAME_MAX, CHAT_MESSAGE_MAX, DM_PEOPLE_MAX } from './paths.ts';
import { englishNumber } from '#src/shared/english-number.ts';

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

const messageBody = text('Message')
  .trim()
  .min(1, { error: 'Message is required.' })
  .max(CHAT_MESSAGE_MAX, { error: `Message must be at most ${englishNumber(CHAT_MESSAGE_MAX)} characters.` })
  .regex(MULTILINE_OK, { error: 'Message contains characters that are not allowed.' });

export const SendMessageSchema = z.strictObject({
  body: messageBody,
  // A reply goes into the thread of this message.
  parentId: entityId('Thread').optional(),
  // The author saw "this tells everyone in the channel" and went on (an `@channel` by a member).
  confirmChannel: z.boolean({ error: 'confirmChannel must be true or false.' }).optional(),
});

export const EditMessageSchema = z.strictObject({ body: messageBody });

// One emoji (flags, skin tones and joined sequences included), never words or markup.
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[#*0-9])+$/u;
export const ReactionSchema = z.strictObject({
  emoji: text('Emoji')
    .min(1, { error: 'Emoji is required.' })
    .max(16, { error: 'Emoji must be one emoji.' })
    .regex(EMOJI, { error: 'Emoji must be one emoji.' })
    .refine((emoji) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(emoji)].length === 1, {
      error: 'Emoji must be one emoji.',
    }),
});

export const TypingSchema = z.strictObject({ parentId: entityId('Thread').nullable().optional() });

export const PresenceSchema = z.strictObject({
  state: z.enum(['online', 'away'], { error: 'State must be online or away.' }),
});

export const DirectMessageSchema = z.strictObject({
  userIds: z
    .array(entityId('Member'), { error: 'Choose the people to write to.' })
    .min(1, { error: 'Choose the people to write to.' })
    .max(DM_PEOPLE_MAX - 1, { error: `A direct message has at most ${DM_PEOPLE_MAX} people.` }),
});

const seq = (label: string) => text(label).regex(/^\d{1,15}$/, { error: `${label} must be a message position.` });

// One of: a page before a position (older), after one (newer), a search, or a jump to a day.
export const MessagesQuerySchema = z
  .strictObject({
    before: seq('before').optional(),
    after: seq('after').optional(),
    q: text('Search')
      .trim()
      .min(1, { error: 'Search is required.' })
      .max(200, { error: 'Search must be at most 200 characters.' })
      .optional(),
    on: calendarDay('Date').optional(),
  })
  .refine((query) => [query.before, query.after, query.q, query.on].filter((value) => value !== undefined).length <= 1, {
    error: 'Ask for one of before, after, q or on.',
  });

// A thread's page of replies before a position; without one, its latest.
export const RepliesQuerySchema = z.strictObject({ before: seq('before').optional() });

export const MarkReadSchema = z.strictObject({
  seq: z
    .number({ error: 'seq must be a message position.' })
    .int({ error: 'seq must be a message position.' })
    .min(0, { error: 'seq must be a message position.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'seq must be a message position.' }),
});

export type CreateChannelBody = z.input<typeof CreateChannelSchema>;
export type SendMessageBody = z.input<typeof SendMessageSchema>;
