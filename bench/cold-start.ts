import { startServer } from './server.ts';
import { median } from './stats.ts';

export interface ColdStart {
  startMs: number[];
  idleRssMb: number[];
}

// product rules B4: cold start to first answer with the embedded database, and idle memory. Each run is
// a fresh process on a fresh database (migrations included), with `npm start`'s defaults.
export async function measureColdStart(
  ports: number[],
  settleMs = 1000,
): Promise<ColdStart & { medianStartMs: number; medianIdleRssMb: number }> {
  const startMs: number[] = [];
  const idleRssMb: number[] = [];
  for (const port of ports) {
    const server = await startServer(port);
    startMs.push(server.startMs);
    // Idle: started, answered its first request, then left alone.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    idleRssMb.push(server.rssMb());
    await server.stop();
  }
  return { startMs, idleRssMb, medianStartMs: median(startMs), medianIdleRssMb: median(idleRssMb) };
}
