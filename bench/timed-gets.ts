import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// The client of a latency measurement runs in a process of its own, a few kilobytes of heap: in the
// bench's process (its seeded rows, Lighthouse, WHATWG fetch's streams) a full garbage collection of
// 10–15 ms landed in the middle of the samples and stood in the p99 of a server that answered in 2 ms.
const CLIENT = `import { Agent, request } from 'node:http';
const [url, headers, warmUp, runs] = process.argv.slice(1);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = () =>
  new Promise((resolve, reject) => {
    const sent = request(url, { agent, headers: JSON.parse(headers) }, (answer) => {
      answer.on('data', () => undefined);
      answer.on('end', () => (answer.statusCode === 200 ? resolve() : reject(new Error(url + ' answered ' + answer.statusCode))));
    });
    sent.on('error', reject);
    sent.end();
  });
for (let i = 0; i < Number(warmUp); i++) await get();
const samples = [];
for (let i = 0; i < Number(runs); i++) {
  const started = performance.now();
  await get();
  samples.push(performance.now() - started);
}
console.log(JSON.stringify(samples));`;

// `runs` GETs of `url` one after another over one keep-alive connection, as a browser asks (it accepts
// compressed answers), after a warm-up of 5: each one's time to the last byte of the answer, in ms.
export async function timedGets(url: string, headers: Record<string, string>, runs: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    url,
    JSON.stringify({ 'accept-encoding': 'gzip, deflate, br', ...headers }),
    '5',
    String(runs),
  ]);
  return JSON.parse(stdout) as number[];
}
