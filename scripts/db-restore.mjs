// `npm run db:restore -- <backup file>` (README, "Backups and restore").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/db-restore.js')) {
  const build = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../dist/server/db-restore.js');
