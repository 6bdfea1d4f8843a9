// The zod request schemas of System Settings and Database Tools (validated by the server, reused by the forms).
import { z } from 'zod';
import { NO_CONTROL, NO_DISGUISE, text } from '#src/shared/validation.ts';
import { BACKUP_KEEP_MAX, BACKUP_SCHEDULES } from './paths.ts';

export const BANNER_MAX = 280;
export const MAIL_FROM_MAX = 200;
export const ORIGIN_MAX = 200;
export const MULTIPLIER_MIN = 0.1;
export const MULTIPLIER_MAX = 100;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

// An origin people open: http(s), no user name; the answer keeps only scheme, host and port.
const ORIGIN_ERROR = 'Public address must be an http or https address, like https://tessera.example.com.';
const origin = text('Public address')
  .trim()
  .max(ORIGIN_MAX, { error: `Public address must be at most ${ORIGIN_MAX} characters.` })
  .regex(NO_CONTROL, { error: ORIGIN_ERROR })
  .pipe(z.url({ protocol: /^https?$/, error: ORIGIN_ERROR }))
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), { error: 'Public address must not hold a user name.' })
  .transform((value) => /^https?:\/\/[^/?#]+/i.exec(value)![0].toLowerCase());

// A mail header: one line, an address alone or `Name <address>`.
const mailFrom = text('Mail sender')
  .trim()
  .min(1, { error: 'Mail sender is required.' })
  .max(MAIL_FROM_MAX, { error: `Mail sender must be at most ${MAIL_FROM_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Mail sender contains characters that are not allowed.' })
  .regex(/^(?:[^<>@"]+ <[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
    error: 'Mail sender must be an address, or a name and an address like Tessera <no-reply@example.com>.',
  });

const banner = text('Maintenance banner')
  .trim()
  .max(BANNER_MAX, { error: `Maintenance banner must be at most ${BANNER_MAX} characters.` })
  .regex(NO_CONTROL, { error: 'Maintenance banner must be one line of text.' })
  .regex(NO_DISGUISE, { error: 'Maintenance banner contains characters that are not allowed.' });

const multiplier = z
  .number({ error: 'Rate-limit multiplier must be a number.' })
  .min(MULTIPLIER_MIN, { error: `Rate-limit multiplier must be at least ${MULTIPLIER_MIN}.` })
  .max(MULTIPLIER_MAX, { error: `Rate-limit multiplier must be at most ${MULTIPLIER_MAX}.` });

// Some of the settings; what is left out stays as it is.
export const SystemSettingsSchema = z
  .strictObject({
    betaApproval: flag('Beta approval').optional(),
    signupsOpen: flag('New sign-ups').optional(),
    publicOrigin: z.union([z.null(), origin]).optional(),
    rateLimitMultiplier: multiplier.optional(),
    mailFrom: mailFrom.optional(),
    maintenanceBanner: banner.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { error: 'Send at least one setting to change.' });
export type SystemSettingsInput = z.output<typeof SystemSettingsSchema>;

// The System Settings form, an empty public address meaning this server's own. A field the environment
// fixes is shown but not part of the form: it is neither checked nor sent.
export const SystemSettingsFormSchema = z.strictObject({
  betaApproval: flag('Beta approval').optional(),
  signupsOpen: flag('New sign-ups').optional(),
  publicOrigin: z.union([z.literal('').transform(() => null), origin]).optional(),
  rateLimitMultiplier: multiplier.optional(),
  mailFrom: mailFrom.optional(),
  maintenanceBanner: banner.optional(),
});

export const BackupScheduleSchema = z.strictObject({
  every: z.enum(BACKUP_SCHEDULES, { error: `Schedule must be one of: ${BACKUP_SCHEDULES.join(', ')}.` }),
  keep: z
    .number({ error: 'Backups to keep must be a number.' })
    .int({ error: 'Backups to keep must be a whole number.' })
    .min(1, { error: 'Keep at least 1 backup.' })
    .max(BACKUP_KEEP_MAX, { error: `Keep at most ${BACKUP_KEEP_MAX} backups.` }),
});
export type BackupScheduleInput = z.output<typeof BackupScheduleSchema>;

// The file names the server gives its backups; nothing else names a file in the folder.
export const BACKUP_NAME = /^tessera-\d{8}T\d{6}\d{3}Z(?:-[a-z0-9]{4})?\.(?:db|dump)$/;
export const BackupNameSchema = text('Backup').regex(BACKUP_NAME, { error: 'No such backup.' });
