// What tests of many domains share about workspaces: people, requests the test client has no shortcut for, and the token
// an invitation email carries.
import type { WorkspacesResponse } from '#src/shared/workspaces/paths.ts';
import { createVerifiedUser, signedInClient, type Client, type TestApp } from './test-app.ts';
import type { CaughtMail } from './smtp-sink.ts';

export interface Person {
  id: string;
  name: string;
  email: string;
  c: Client;
}

export async function person(t: TestApp, name = 'Casey Jones', email?: string): Promise<Person> {
  const account = await createVerifiedUser(t, { name, ...(email ? { email } : {}) });
  const c = await signedInClient(t, account);
  const me = await c.get('/current-user');
  return { id: me.body.user.id, name, email: account.email, c };
}

export const del = (c: Client, path: string, body: unknown = {}) => c.call('DELETE', path, body);

// The workspace a person lands in: their current one (their personal workspace at first).
export async function currentWorkspaceId(p: Person): Promise<string> {
  const answer = await p.c.get<WorkspacesResponse>('/workspaces');
  if (answer.status !== 200 || !answer.body.currentId) throw new Error(`no current workspace: ${JSON.stringify(answer.body)}`);
  return answer.body.currentId;
}

export async function createWorkspace(p: Person, name: string): Promise<string> {
  const answer = await p.c.post('/workspaces', { name });
  if (answer.status !== 201) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
  return answer.body.workspace.id;
}

// The mail's parts as a reader sees them: quoted-printable soft breaks joined, escapes decoded.
export function decodedMail(mail: CaughtMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');
}

// A subject as a mail program shows it: RFC 2047 encoded words (quoted-printable) decoded.
export function decodedSubject(mail: CaughtMail): string {
  return mail.subject.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, words: string) =>
    Buffer.from(
      words.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

export function tokenFrom(mail: CaughtMail): string {
  const token = /\/invitations#([A-Za-z0-9_-]{43})/.exec(decodedMail(mail))?.[1];
  if (!token) throw new Error('no invitation link in the email');
  return token;
}

// Invites through the API and returns the token the invitee's email carries.
export async function invite(t: TestApp, owner: Person, workspaceId: string, email: string): Promise<{ token: string; id: string }> {
  const before = t.mail.messages.length;
  const answer = await owner.c.post(`/workspaces/${workspaceId}/invitations`, { email });
  if (answer.status !== 201) throw new Error(`invite failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const mail = await t.mail.waitFor(email, (m) => t.mail.messages.indexOf(m) >= before);
  return { token: tokenFrom(mail), id: answer.body.invitation.id };
}

// In alphabetical order: changes within one millisecond share a time.
export async function auditActions(t: TestApp, workspaceId: string): Promise<string[]> {
  const rows = await t.db.kysely.selectFrom('audit_log').select('action').where('workspace_id', '=', workspaceId).execute();
  return rows.map((row) => row.action).sort();
}
