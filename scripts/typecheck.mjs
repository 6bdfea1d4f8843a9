// `npm run typecheck`: each part of the tree as its own TypeScript project, so src/shared sees neither
// Node nor the DOM, src/web no Node and src/server no DOM; the tooling project checks tests, bench and scripts.
import { spawn } from 'node:child_process';

const projects = ['tsconfig.shared.json', 'tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.json'];
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ project, ok: code === 0, output }));
  });

// Two at a time: the machine has two cores.
const results = [];
for (let i = 0; i < projects.length; i += 2) results.push(...(await Promise.all(projects.slice(i, i + 2).map(run))));
for (const { project, ok, output } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${project}`);
  if (!ok) process.stdout.write(output);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
