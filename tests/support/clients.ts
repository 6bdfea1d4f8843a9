// What the client, portal and campaign tests share: a team with a client, and a contact who became a portal guest.
import type { ClientDetail, Project } from '#src/shared/clients/paths.ts';
import { person, tokenFrom, type Person } from './workspaces.ts';
import { team, type Team } from './tasks.ts';
import { uniqueEmail, type TestApp } from './test-app.ts';

export async function addClient(p: Person, workspaceId: string, body: Record<string, unknown>): Promise<ClientDetail> {
  const answer = await p.c.post(`/workspaces/${workspaceId}/clients`, body);
  if (answer.status !== 201) throw new Error(`add client failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.client;
}

export async function addProject(p: Person, workspaceId: string, clientId: string, body: Record<string, unknown>): Promise<Project> {
  const answer = await p.c.post(`/workspaces/${workspaceId}/clients/${clientId}/projects`, body);
  if (answer.status !== 201) throw new Error(`add project failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.project;
}

export interface PortalSetup extends Team {
  client: ClientDetail;
  project: Project;
  guest: Person;
}

// A team, a client with one contact and a project, and the contact signed in as the portal's guest.
export async function portalSetup(t: TestApp): Promise<PortalSetup> {
  const base = await team(t);
  const email = uniqueEmail('contact');
  const client = await addClient(base.owner, base.id, { name: 'Acme', company: 'Acme Ltd', contacts: [{ name: 'Cora Contact', email }] });
  const project = await addProject(base.owner, base.id, client.id, { name: 'Website', value: 120_000 });
  const before = t.mail.messages.length;
  const invited = await base.owner.c.post(`/workspaces/${base.id}/clients/${client.id}/contacts/${client.contacts[0]!.id}/invite`, {});
  if (invited.status !== 200) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const mail = await t.mail.waitFor(email, (m) => t.mail.messages.indexOf(m) >= before);
  const guest = await person(t, 'Cora Contact', email);
  const accepted = await guest.c.post('/invitations/accept', { token: tokenFrom(mail) });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return { ...base, client, project, guest };
}
