// `npm start`: builds what is missing, then runs the production server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = ['dist/web/index.html', 'dist/web/app.html', 'dist/web/app-routes.json', 'dist/server/main.js'];
if (needed.some((file) => !existsSync(file))) {
  console.log('Build missing; building first (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
