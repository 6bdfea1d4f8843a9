import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    // True once a shutdown began: /readyz answers 503 so the balancer sends no more.
    draining: boolean;
    // SIGTERM's first step (serve.ts): stop accepting, end live streams, wait for requests in flight.
    drain: (timeoutMs: number) => Promise<void>;
  }
}

const POLL_MS = 50;

// Graceful shutdown before app.close(), which would otherwise cut requests in flight
// (forceCloseConnections). Live streams end at once: EventSource reconnects by itself (the `retry`
// each stream sent), reaching an instance that is still up. A request keeps running until it answers
// or the time is up.
// Answers how many live streams (boards and bells) are open, for /metrics.
export function registerDrain(app: FastifyInstance, endStreams: () => void): { openStreams: () => number } {
  let inFlight = 0;
  let streams = 0;
  // One listener each, shared by every answer (an answer closes once): no closure made per request.
  const streamClosed = () => (streams -= 1);
  const requestClosed = () => (inFlight -= 1);
  app.decorate('draining', false);
  app.addHook('onRequest', (request, reply, done) => {
    // Streams never finish on their own; they are ended instead of waited for.
    if (request.headers.accept === 'text/event-stream') {
      streams += 1;
      reply.raw.on('close', streamClosed);
    } else {
      inFlight += 1;
      reply.raw.on('close', requestClosed);
    }
    done();
  });
  app.decorate('drain', async (timeoutMs: number) => {
    app.draining = true;
    app.server.close();
    endStreams();
    const giveUpAt = Date.now() + timeoutMs;
    while (inFlight > 0 && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  });
  return { openStreams: () => streams };
}
