import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';

// The server as its own process (from source, so no build is needed), the way production runs it: the
// crash tests kill it with SIGKILL.
export async function startSourceServer(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: 'ignore',
  });
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (waited > 30_000) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
