import type { Kysely } from 'kysely';
import type { Clock } from '#src/server/clock.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { Mailer } from '#src/server/mail/mailer.ts';
import { recordSentEmail, type SentEmailKind } from '#src/server/mail/sent-emails.ts';
import type { MailMessage } from '#src/server/mail/templates.ts';
import { enqueue } from './queue.ts';
import type { JobRunner } from './runner.ts';

export const EMAIL_JOB = 'email';

export interface SendLaterOptions {
  // The workspace the mail is about, so one workspace's burst (a campaign) does not hold up the rest.
  workspaceId?: string | null;
  // Not before this time (epoch ms).
  runAt?: number;
  // Counted in the workspace's Emails Sent (spec 5) as this kind once it has left; needs workspaceId.
  counted?: { kind: SentEmailKind; clientId?: string | null };
}

export type SendLater = (tx: Kysely<Database>, message: MailMessage, idempotencyKey: string, options?: SendLaterOptions) => Promise<string>;

type EmailPayload = MailMessage & { counted?: SendLaterOptions['counted'] };

// The email outbox: call it inside the transaction of the change the mail is about. The mail is sent
// by the job runner after the commit (never for a change that rolled back), retried with back-off,
// at least once; the same idempotency key twice is one mail. The key also becomes the Message-ID, so a
// resend after a crash is the same message to the receiving server, and the id of its Emails Sent
// record, so a resend is counted once.
export function createEmailOutbox(runner: JobRunner, mailer: Mailer, db: Kysely<Database>, clock: Clock): SendLater {
  runner.handle(EMAIL_JOB, async (payload, job) => {
    const { counted, ...message } = payload as EmailPayload;
    await mailer.send({ ...message, messageId: job.id });
    if (counted && job.workspaceId) {
      await recordSentEmail(
        db,
        { id: job.id, workspaceId: job.workspaceId, kind: counted.kind, recipient: message.to, clientId: counted.clientId },
        clock(),
      );
    }
  });
  return (tx, message, idempotencyKey, options = {}) =>
    enqueue(
      tx,
      {
        kind: EMAIL_JOB,
        id: `email:${idempotencyKey}`,
        payload: { ...message, ...(options.counted ? { counted: options.counted } : {}) } satisfies EmailPayload,
        workspaceId: options.workspaceId,
        runAt: options.runAt,
      },
      clock(),
    );
}
