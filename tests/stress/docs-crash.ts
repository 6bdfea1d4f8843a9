// Crash safety of docs: a person types into a page, line by line, and the server is killed with SIGKILL
// partway, while the last lines are acknowledged but not yet written (the page is written a moment after
// typing, debounced). After a restart every acknowledged line is on the page.
import type { Engine } from '#src/server/db/connect.ts';
import { connectPage, paragraphs, writeParagraph, type OpenPage } from '../support/doc-socket.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase } from '../support/test-db.ts';
import { api, databaseEnv, signedUp, startServer } from './server-process.ts';

const ACK_WAIT_MS = 5000;

async function acknowledged(page: OpenPage): Promise<void> {
  const started = Date.now();
  while (page.provider.hasUnsyncedChanges) {
    if (Date.now() - started > ACK_WAIT_MS) throw new Error('an edit was not acknowledged');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

export async function docsCrash(engine: Engine, port: number) {
  const database = await createTestDatabase(engine);
  const mail = await startSmtpSink();
  const env = { ...databaseEnv(engine, database, mail), APP_SECRET: 'docs-crash-suite-app-secret-0123456789ab' };
  try {
    let server = await startServer(env, port);
    const email = `docs.${engine}.${Date.now().toString(36)}@example.com`;
    const { cookie, workspaceId } = await signedUp(server.url, mail, 'Docs Crash', email, 'docs-crash-pass-1');
    const created = await api(server.url, 'POST', `/workspaces/${workspaceId}/pages`, { title: 'Typed through a crash' }, cookie);
    if (created.status !== 201) throw new Error(`page: ${JSON.stringify(created.body)}`);
    const target = { url: server.url, cookie, workspaceId, pageId: created.body.page.id as string };

    const writer = connectPage(target);
    if ((await writer.outcome) !== 'synced') throw new Error('the page did not open');
    const lines: string[] = [];
    // The kill lands after a varying number of lines, within the write's debounce of the last ones.
    const killAfter = 30 + Math.floor(Math.random() * 30);
    while (lines.length < killAfter) {
      const line = `Line ${lines.length + 1}`;
      writeParagraph(writer.doc, line);
      await acknowledged(writer);
      lines.push(line);
    }
    await server.kill('SIGKILL');
    writer.destroy();

    server = await startServer(env, port);
    const reader = connectPage(target);
    try {
      if ((await reader.outcome) !== 'synced') throw new Error('the page did not open after the restart');
      const kept = new Set(paragraphs(reader.doc));
      const lost = lines.filter((line) => !kept.has(line));
      return { engine, acknowledged: lines.length, lost };
    } finally {
      reader.destroy();
      await server.kill();
    }
  } finally {
    await mail.close();
    await database.drop();
  }
}
