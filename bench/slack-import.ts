// The Slack import budget: a generated export of 50,000 messages (threads, reactions, five channels of a
// hundred days) uploaded to the production server, then imported by its job runner; the figure is the
// time from the start request to the import reading done, polled as the page polls it.
import type { SlackImport } from '#src/shared/chat/slack-import-paths.ts';
import { generatedExport } from '../tests/support/slack-export.ts';
import type { BenchAccount } from './account.ts';
import type { BenchServer } from './server.ts';
import { round } from './stats.ts';

export interface SlackImportFigures {
  messages: number;
  zipMb: number;
  uploadMs: number;
  importMs: number;
}

const POLL_MS = 100;
const GIVE_UP_MS = 10 * 60_000;

export async function measureSlackImport(server: BenchServer, account: BenchAccount, messages = 50_000): Promise<SlackImportFigures> {
  const call = async (method: string, path: string, body?: Buffer | object, type = 'application/json') => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { cookie: account.cookie, ...(body === undefined ? {} : { 'content-type': type }) },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { import: SlackImport };
  };
  const workspaces = (await (await fetch(`${server.url}/api/workspaces`, { headers: { cookie: account.cookie } })).json()) as {
    currentId: string;
  };
  const base = `/workspaces/${workspaces.currentId}/chat/slack-imports`;
  const generated = generatedExport({ messages, channels: 5, days: 100 });
  const uploadStart = performance.now();
  const uploaded = (await call('POST', base, generated.zip, 'application/zip')).import;
  const uploadMs = performance.now() - uploadStart;
  if (uploaded.totalMessages !== generated.messages) throw new Error(`the preview counted ${uploaded.totalMessages} messages`);
  const start = performance.now();
  await call('POST', `${base}/${uploaded.id}/start`, {});
  for (;;) {
    const { import: current } = await call('GET', `${base}/${uploaded.id}`);
    if (current.status === 'done') {
      if (current.importedMessages !== generated.messages) throw new Error(`imported ${current.importedMessages} messages`);
      break;
    }
    if (current.status === 'failed') throw new Error(`the import failed: ${current.error}`);
    if (performance.now() - start > GIVE_UP_MS) throw new Error('the import took over 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return {
    messages: generated.messages,
    zipMb: round(generated.zip.length / (1024 * 1024)),
    uploadMs: round(uploadMs),
    importMs: round(performance.now() - start),
  };
}
