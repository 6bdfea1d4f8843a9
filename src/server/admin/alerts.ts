import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AlertSeverity, AlertType } from '#src/shared/admin/paths.ts';
import type { Database } from '#src/server/db/schema.ts';

export interface Alert {
  type: AlertType;
  severity: AlertSeverity;
  // Shown to admins as written: no passwords, codes, tokens or keys.
  message: string;
  // The person it is about: the panel shows their name and email, and opens their dialog.
  userId?: string;
  // Their browser's user agent: the panel shows the browser and system, as the sessions list does.
  userAgent?: string | null;
}

const MESSAGE_MAX = 500;
const USER_AGENT_MAX = 500;

// The System Alerts card reads what this writes, newest first. Call it
// from anything an admin should hear of, with the database (or a transaction) and the time:
//   await raiseAlert(db.kysely, { type: 'error', severity: 'high', message: 'Webhook delivery to … failed 5 times' }, clock());
// Repeated rate-limit refusals (app.ts), webhook deliveries given up on and endpoints disabled for
// failing (webhooks/worker.ts), and admin sign-ins from a new device (accounts/service.ts) call it.
export async function raiseAlert(db: Kysely<Database>, alert: Alert, now: number): Promise<void> {
  await db
    .insertInto('system_alerts')
    .values({
      id: randomUUID(),
      type: alert.type,
      severity: alert.severity,
      message: alert.message.slice(0, MESSAGE_MAX),
      created_at: now,
      user_id: alert.userId ?? null,
      user_agent: alert.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .execute();
}

// A rate-limit counter key reads `<limit>:<scope>:<value>` (http/rate-limit.ts).
export function rateLimitAlert(key: string): Alert {
  const [limit, scope, ...rest] = key.split(':');
  return { type: 'warning', severity: 'medium', message: `Repeated rate-limit refusals on "${limit}" for ${scope} ${rest.join(':')}.` };
}

// A delivery failed its last retry, or an endpoint was disabled. Never the URL: it may carry a
// receiver's token in its path.
export function webhookFailedAlert(eventId: string, attempts: number): Alert {
  return {
    type: 'error',
    severity: 'medium',
    message: `A webhook delivery (${eventId}) failed after ${attempts} attempts and was given up.`,
  };
}

export function webhookDisabledAlert(workspaceName: string): Alert {
  return {
    type: 'error',
    severity: 'high',
    message: `A webhook endpoint of the workspace "${workspaceName}" failed for 5 days and was disabled.`,
  };
}

// The account and the device go beside the message (no address, no token): the panel names the person
// and describes the browser.
export function newDeviceAlert(userId: string, device: { userAgent: string | null; ip: string | null }): Alert {
  return {
    type: 'warning',
    severity: 'medium',
    message: 'An admin account signed in from a new device.',
    userId,
    userAgent: device.userAgent,
  };
}
