import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AlertSeverity, AlertType } from '#src/shared/admin.ts';
import type { Database } from '#src/server/db/schema.ts';

export interface Alert {
  type: AlertType;
  severity: AlertSeverity;
  // Shown to admins as written: no passwords, codes, tokens or keys.
  message: string;
}

const MESSAGE_MAX = 500;

// Issue 19 (product rules A4): the System Alerts card reads what this writes, newest first. Call it
// from anything an admin should hear of, with the database (or a transaction) and the time:
//   await raiseAlert(db.kysely, { type: 'error', severity: 'high', message: 'Webhook delivery to … failed 5 times' }, clock());
// Repeated rate-limit refusals (app.ts), webhook deliveries given up on and endpoints disabled for
// failing (webhooks/worker.ts), and admin sign-ins from a new device (accounts/service.ts) call it.
export async function raiseAlert(db: Kysely<Database>, alert: Alert, now: number): Promise<void> {
  await db
    .insertInto('system_alerts')
    .values({ id: randomUUID(), type: alert.type, severity: alert.severity, message: alert.message.slice(0, MESSAGE_MAX), created_at: now })
    .execute();
}

// A rate-limit counter key reads `<limit>:<scope>:<value>` (http/rate-limit.ts).
export function rateLimitAlert(key: string): Alert {
  const [limit, scope, ...rest] = key.split(':');
  return { type: 'warning', severity: 'medium', message: `Repeated rate-limit refusals on "${limit}" for ${scope} ${rest.join(':')}.` };
}

// Issue 18: a delivery failed its last retry, or an endpoint was disabled. Never the URL: it may carry a
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

// The account is named by id and the device by what its browser says of itself (no address, no token).
export function newDeviceAlert(userId: string, device: { userAgent: string | null; ip: string | null }): Alert {
  const browser = (device.userAgent ?? 'an unknown browser').slice(0, 200);
  return { type: 'warning', severity: 'medium', message: `Admin account ${userId} signed in from a new device: ${browser}.` };
}
