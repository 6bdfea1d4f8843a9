import { createHash, randomBytes } from 'node:crypto';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { calendarError } from '#src/shared/calendar/messages.ts';
import { calendarPaths } from '#src/shared/calendar/paths.ts';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import type { Clock } from '#src/server/clock.ts';
import type { Db } from '#src/server/db/connect.ts';
import { HttpError } from '#src/server/http/errors.ts';
import type { SecretBox } from '#src/server/security/secret-box.ts';
import { memberWorkspaceIdsOf } from '#src/server/workspace-access/memberships.ts';
import { icalendar } from './icalendar.ts';

const SEALED_AS = 'calendar-feed';
// A feed lists at most this many tasks, the latest due first: a calendar app does not need more.
const FEED_TASKS_MAX = 5000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

// The secret is the whole key (calendar apps send no cookie): 256 random bits, in the address only.
export const feedAddress = (origin: string, secret: string) => `${origin}${API_BASE}${calendarPaths.feedFile.replace(':secret', secret)}`;

// My tasks' due dates as an iCalendar feed (RFC 5545) that Google Calendar, Apple Calendar
// and Outlook subscribe to. Regenerating replaces the secret, so the old address stops at once.
export function createCalendarFeeds({ db, clock, box }: { db: Db; clock: Clock; box: SecretBox }) {
  const k = db.kysely;
  return {
    async secretOf(userId: string): Promise<string | null> {
      const row = await k.selectFrom('calendar_feeds').select('secret_sealed').where('user_id', '=', userId).executeTakeFirst();
      return row ? box.open(SEALED_AS, row.secret_sealed) : null;
    },

    async regenerate(userId: string): Promise<string> {
      const secret = randomBytes(32).toString('base64url');
      const values = { secret_hash: hashOf(secret), secret_sealed: box.seal(SEALED_AS, secret), created_at: clock() };
      await k
        .insertInto('calendar_feeds')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
      return secret;
    },

    // The feed of the person holding this secret: tasks assigned to them, due on a day, in workspaces
    // they are still a member of (never as a client guest), not deleted.
    async render(secret: string, origin: string): Promise<string> {
      const owner = await k.selectFrom('calendar_feeds').select('user_id').where('secret_hash', '=', hashOf(secret)).executeTakeFirst();
      if (!owner) throw new HttpError(404, calendarError.feedNotFound);
      const tasks = await k
        .selectFrom('tasks as t')
        .innerJoin('workspaces as w', 'w.id', 't.workspace_id')
        .select([
          't.id',
          't.workspace_id',
          't.title',
          't.description',
          't.due_date',
          't.version',
          't.updated_at',
          'w.name as workspace_name',
        ])
        .where('t.assignee_id', '=', owner.user_id)
        .where('t.deleted_at', 'is', null)
        .where('t.due_date', 'is not', null)
        .where('t.workspace_id', 'in', memberWorkspaceIdsOf(k, owner.user_id))
        .orderBy('t.due_date', 'desc')
        .limit(FEED_TASKS_MAX)
        .execute();
      const host = new URL(origin).host;
      return icalendar(
        { name: `${PRODUCT_NAME}: my tasks`, prodId: `-//${PRODUCT_NAME}//tasks//EN` },
        tasks.map((task) => ({
          uid: `task-${task.id}@${host}`,
          sequence: Number(task.version),
          stamp: Number(task.updated_at),
          date: task.due_date!,
          summary: task.title,
          description: `${task.workspace_name}${task.description ? `\n\n${task.description}` : ''}`,
          url: `${origin}/board?workspace=${encodeURIComponent(task.workspace_id)}&task=${encodeURIComponent(task.id)}`,
        })),
      );
    },
  };
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
