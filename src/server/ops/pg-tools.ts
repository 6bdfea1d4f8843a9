import { spawn } from 'node:child_process';

// PG_DUMP and PG_RESTORE name other binaries (ones matching a newer server); else those on the PATH.
export const PG_DUMP = process.env.PG_DUMP || 'pg_dump';
export const PG_RESTORE = process.env.PG_RESTORE || 'pg_restore';

export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

// The password goes by environment, never on the command line where `ps` shows it.
export function pgTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

// 20261124T202133123Z: sorts by time as text, and holds nothing a path could trip on.
export function fileStamp(now: number): string {
  return new Date(now).toISOString().replace(/[-:.]/g, '');
}
