// The zod request schemas of AI task creation.
import { z } from 'zod';
import { CreateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { text } from '#src/shared/validation.ts';
import { isTimeZone } from './time-zone.ts';
import { AI_TEXT_MAX, PROPOSALS_MAX, TIME_ZONE_MAX } from './paths.ts';
import { englishNumber } from '#src/shared/english-number.ts';

export const ProposeSchema = z.strictObject({
  text: text('Text')
    .max(AI_TEXT_MAX, { error: `Text must be at most ${englishNumber(AI_TEXT_MAX)} characters.` })
    .refine((value) => value.trim() !== '', { error: 'Paste or type some text first.' }),
  timeZone: text('Time zone')
    .max(TIME_ZONE_MAX, { error: 'Time zone is not valid.' })
    .refine(isTimeZone, { error: 'Time zone is not valid.' }),
});

// The reviewed tasks, each what the board's create accepts (it lands in the first column).
export const CreateBatchSchema = z.strictObject({
  tasks: z
    .array(CreateTaskSchema.omit({ columnId: true }), { error: 'Tasks must be a list.' })
    .min(1, { error: 'Choose at least one task to create.' })
    .max(PROPOSALS_MAX, { error: `At most ${PROPOSALS_MAX} tasks can be created at once.` }),
});

export const AiSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Enabled must be true or false.' }),
});

export type ProposeBody = z.input<typeof ProposeSchema>;
export type CreateBatchBody = z.input<typeof CreateBatchSchema>;
export type AiSettingsBody = z.input<typeof AiSettingsSchema>;
