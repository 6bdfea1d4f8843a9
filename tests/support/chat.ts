import type { Channel, ChatMessage } from '#src/shared/chat/paths.ts';
import type { TestApp } from './test-app.ts';
import { invite, person, type Person } from './workspaces.ts';

export const base = (id: string) => `/workspaces/${id}/chat/channels`;

export async function channels(p: Person, id: string): Promise<{ channels: Channel[]; unreadTotal: number }> {
  const answer = await p.c.get(base(id));
  if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function general(p: Person, id: string): Promise<Channel> {
  return (await channels(p, id)).channels.find((channel) => channel.name === 'general')!;
}

export async function send(p: Person, id: string, channelId: string, body: string, extra: object = {}): Promise<ChatMessage> {
  const answer = await p.c.post(`${base(id)}/${channelId}/messages`, { body, ...extra });
  if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.message;
}

export const bodies = async (p: Person, id: string, channelId: string) =>
  ((await p.c.get(`${base(id)}/${channelId}/messages`)).body.messages as ChatMessage[]).map((message) => message.body);

// Another member of the workspace, beside the team's owner and member.
export async function teammate(t: TestApp, owner: Person, workspaceId: string, name: string): Promise<Person> {
  const someone = await person(t, name);
  const { token } = await invite(t, owner, workspaceId, someone.email);
  const accepted = await someone.c.post('/invitations/accept', { token });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.body));
  return someone;
}
