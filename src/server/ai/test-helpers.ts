// What the AI tests share: a proposal run read the way the page reads it.
import type { ProposalStreamLine, TaskProposal } from '#src/shared/ai/paths.ts';
import type { Client, TestApp } from '../../../tests/support/test-app.ts';
import { cookieOf } from '../../../tests/support/tasks.ts';

export interface ProposalRun {
  status: number;
  lines: ProposalStreamLine[];
  // What the page shows at the end: proposals since the last source or restart.
  proposals: TaskProposal[];
  source: Extract<ProposalStreamLine, { type: 'source' }>['source'] | null;
}

export function shown(lines: ProposalStreamLine[]): Pick<ProposalRun, 'proposals' | 'source'> {
  let proposals: TaskProposal[] = [];
  let source: ProposalRun['source'] = null;
  for (const line of lines) {
    if (line.type === 'source' || line.type === 'restart') {
      source = line.source;
      proposals = [];
    } else if (line.type === 'proposal') proposals.push(line.proposal);
  }
  return { proposals, source };
}

export async function propose(c: Client, workspaceId: string, text: string, timeZone = 'Europe/Berlin'): Promise<ProposalRun> {
  const answer = await c.post(`/workspaces/${workspaceId}/ai/proposals`, { text, timeZone });
  if (answer.status !== 200) return { status: answer.status, lines: [], proposals: [], source: null };
  const body = typeof answer.body === 'string' ? answer.body : `${JSON.stringify(answer.body)}\n`;
  const lines = body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ProposalStreamLine);
  return { status: answer.status, lines, ...shown(lines) };
}

// The same request, read line by line as the bytes arrive.
export async function openProposals(t: TestApp, c: Client, workspaceId: string, text: string) {
  const response = await fetch(`${t.url}/api/workspaces/${workspaceId}/ai/proposals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(c) },
    body: JSON.stringify({ text, timeZone: 'UTC' }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const lines: ProposalStreamLine[] = [];
  return {
    response,
    lines,
    // Reads until a line passes `test`; the stream may still be open after it.
    async until(test: (line: ProposalStreamLine) => boolean): Promise<ProposalStreamLine> {
      for (;;) {
        const found = lines.find(test);
        if (found) return found;
        const { done, value } = await reader.read();
        if (done) throw new Error(`stream ended without the line; got ${JSON.stringify(lines)}`);
        buffer += decoder.decode(value, { stream: true });
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          lines.push(JSON.parse(buffer.slice(0, newline)) as ProposalStreamLine);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
        }
      }
    },
  };
}
