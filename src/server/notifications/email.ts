import type { Kysely } from 'kysely';
import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { notificationCopy, notificationSentence } from '#src/shared/notifications/messages.ts';
import { mentionedIds, renderMentions } from '#src/shared/notifications/mentions.ts';
import { linkInWorkspace, PREFERENCES_PAGE, UNSUBSCRIBE_PAGE, type NotificationKind } from '#src/shared/notifications/paths.ts';
import type { Database } from '#src/server/db/schema.ts';
import type { SendLater } from '#src/server/jobs/email-outbox.ts';
import { escapeHtml as escape, layout } from '#src/server/mail/templates.ts';
import type { MailMessage } from '#src/server/mail/templates.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { visibleNotifications } from './reads.ts';
import { memberNames } from '#src/server/workspace-access/memberships.ts';

export interface MailContext {
  // Where links in the mail point: APP_ORIGIN, else this server's own address.
  origin: string;
  appSecret: string;
}

interface Pending {
  id: string;
  kind: NotificationKind;
  workspace_id: string;
  workspace_name: string;
  task_id: string | null;
  task_title: string | null;
  actor_name: string | null;
  excerpt: string | null;
  detail: string | null;
  link: string | null;
}

// The notifications of one person that may still be mailed: visible to them, unread, in this state.
function mailable(k: Kysely<Database>, userId: string) {
  return visibleNotifications(k, userId)
    .innerJoin('workspaces as w', 'w.id', 'n.workspace_id')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.workspace_id',
      'w.name as workspace_name',
      'n.task_id',
      't.title as task_title',
      'a.name as actor_name',
      'n.excerpt',
      'n.detail',
      'n.link',
    ])
    .where('n.read_at', 'is', null);
}

// Mail goes only to an active, verified account.
async function recipient(k: Kysely<Database>, userId: string) {
  return k
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .where('email_verified', '=', 1)
    .executeTakeFirst();
}

function sentenceOf(item: Pending): string {
  return notificationSentence(
    item.kind,
    item.actor_name ?? notificationCopy.someone,
    item.task_title ?? '',
    item.detail,
    item.workspace_name,
  );
}

// Only the mentioned people's names are read: each of a comment's notifications sends its own email, and
// reading the whole member list for each read a big workspace's members once per recipient.
async function excerptOf(k: Kysely<Database>, item: Pending): Promise<string | null> {
  if (!item.excerpt) return null;
  const names = await memberNames(k, [item.workspace_id], mentionedIds(item.excerpt));
  return renderMentions(item.excerpt, (id) => names.get(`${item.workspace_id} ${id}`));
}

function linkOf(origin: string, item: Pending): string {
  if (item.link) return `${origin}${linkInWorkspace(item.link, item.workspace_id)}`;
  return item.task_id
    ? `${origin}/board?workspace=${encodeURIComponent(item.workspace_id)}&task=${encodeURIComponent(item.task_id)}`
    : `${origin}/my-work`;
}

// RFC 8058: a mail client offers "unsubscribe", and its POST to this address (with the body
// `List-Unsubscribe=One-Click`) changes only this kind, with no sign-in.
function unsubscribeHeaders(context: MailContext, userId: string, kind: NotificationKind) {
  const token = unsubscribeToken(context.appSecret, userId, kind);
  return {
    token,
    headers: {
      'List-Unsubscribe': `<${context.origin}/api/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function footer(context: MailContext, token: string, kind: NotificationKind) {
  // The page asks before it POSTs (a link scanner opening it changes nothing); the token rides in the
  // fragment, so it never reaches a server log.
  const unsubscribe = `${context.origin}${UNSUBSCRIBE_PAGE}#${token}`;
  const preferences = `${context.origin}${PREFERENCES_PAGE}`;
  const text = `Stop emails for “${notificationCopy.kinds[kind]}”: ${unsubscribe}\nChoose which emails you get: ${preferences}\n`;
  const html = `<p style="color:#64748b;font-size:12px"><a href="${escape(unsubscribe)}">Unsubscribe from these emails</a> · <a href="${escape(preferences)}">Notification preferences</a></p>`;
  return { text, html };
}

export function notificationMail(to: string, userId: string, item: Pending, excerpt: string | null, context: MailContext): MailMessage {
  const sentence = sentenceOf(item);
  const link = linkOf(context.origin, item);
  const { token, headers } = unsubscribeHeaders(context, userId, item.kind);
  const foot = footer(context, token, item.kind);
  const paragraphs = [sentence, ...(excerpt ? [excerpt] : [])];
  return {
    to,
    subject: sentence,
    text: `${paragraphs.join('\n\n')}\n\nOpen it: ${link}\n\n${foot.text}`,
    html: layout(sentence, paragraphs.slice(1), `<p><a href="${escape(link)}">Open in ${PRODUCT_NAME}</a></p>${foot.html}`),
    headers,
  };
}

// The job behind each "email at once" notification: composed when it runs, so nothing is mailed that
// was read in the app meanwhile, or that the person may no longer see.
export async function sendNotificationEmail(
  k: Kysely<Database>,
  sendLater: SendLater,
  context: MailContext,
  notificationId: string,
): Promise<void> {
  const owner = await k.selectFrom('notifications').select(['user_id', 'email_state']).where('id', '=', notificationId).executeTakeFirst();
  if (!owner || owner.email_state !== 'queued') return;
  await k.transaction().execute(async (tx) => {
    const person = await recipient(tx, owner.user_id);
    const item = await mailable(tx, owner.user_id).where('n.id', '=', notificationId).executeTakeFirst();
    if (!person || !item) {
      await tx.updateTable('notifications').set({ email_state: 'skipped' }).where('id', '=', notificationId).execute();
      return;
    }
    const message = notificationMail(person.email, owner.user_id, item as Pending, await excerptOf(tx, item as Pending), context);
    await sendLater(tx, message, `notification:${notificationId}`, { workspaceId: item.workspace_id, counted: { kind: 'notification' } });
    await tx.updateTable('notifications').set({ email_state: 'sent' }).where('id', '=', notificationId).execute();
  });
}

// The daily digest: for each person with notifications waiting for it, one email of everything still
// unread since the last digest; what they read in the app meanwhile is left out.
export async function sendDigests(k: Kysely<Database>, sendLater: SendLater, context: MailContext, now: number): Promise<number> {
  const people = await k.selectFrom('notifications').select('user_id').distinct().where('email_state', '=', 'digest').execute();
  let sent = 0;
  for (const { user_id: userId } of people) {
    await k.transaction().execute(async (tx) => {
      const person = await recipient(tx, userId);
      const items = person
        ? ((await mailable(tx, userId).where('n.email_state', '=', 'digest').orderBy('n.created_at').execute()) as Pending[])
        : [];
      await tx
        .updateTable('notifications')
        .set({ email_state: 'skipped' })
        .where('user_id', '=', userId)
        .where('email_state', '=', 'digest')
        .where('id', 'not in', items.length > 0 ? items.map((item) => item.id) : [''])
        .execute();
      if (!person || items.length === 0) return;
      const subject = `Your ${PRODUCT_NAME} digest: ${items.length === 1 ? '1 notification' : `${items.length} notifications`}`;
      const lines = items.map((item) => `${sentenceOf(item)} (${item.workspace_name}) ${linkOf(context.origin, item)}`);
      // One unsubscribe address per mail: the digest's first kind; the footer links every preference.
      const kind = items[0]!.kind;
      const { token, headers } = unsubscribeHeaders(context, userId, kind);
      const foot = footer(context, token, kind);
      // A digest about one workspace counts in its Emails Sent; one spanning several is the person's own
      // mail and counts in none, so no email is counted twice.
      const workspaces = new Set(items.map((item) => item.workspace_id));
      const [only] = workspaces;
      const counting = workspaces.size === 1 ? { workspaceId: only, counted: { kind: 'notification' as const } } : {};
      const list = items
        .map((item) => `<li style="margin:8px 0"><a href="${escape(linkOf(context.origin, item))}">${escape(sentenceOf(item))}</a></li>`)
        .join('');
      await sendLater(
        tx,
        {
          to: person.email,
          subject,
          text: `${lines.join('\n')}\n\n${foot.text}`,
          html: layout(subject, [], `<ul>${list}</ul>${foot.html}`),
          headers,
        },
        `digest:${userId}:${now}`,
        counting,
      );
      await tx
        .updateTable('notifications')
        .set({ email_state: 'sent' })
        .where(
          'id',
          'in',
          items.map((item) => item.id),
        )
        .execute();
      sent += 1;
    });
  }
  return sent;
}
