import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

// Endpoints whose connections are kept at once; the one used least recently gives its place up.
const KEPT_ENDPOINTS = 256;
// An idle connection closes after this long (sooner if the receiver says so in its Keep-Alive header).
const IDLE_MS = 15_000;

// Keep-alive connections to webhook receivers, one pool per endpoint address: a new TCP (and TLS)
// connection per delivery cost more than the delivery. The key holds the address the guard checked, so a
// reused connection always goes where a check allowed (a host that resolves elsewhere later gets a new
// pool, checked anew), and each endpoint's pool is capped at what the worker lets it have in flight.
export function createConnectionPool(socketsPerEndpoint: number) {
  const agents = new Map<string, HttpAgent>();
  return {
    agentFor(url: URL, address: string): HttpAgent {
      const key = `${url.protocol}//${url.host} ${address}`;
      const kept = agents.get(key);
      if (kept) {
        agents.delete(key);
        agents.set(key, kept);
        return kept;
      }
      const options = { keepAlive: true, maxSockets: socketsPerEndpoint, timeout: IDLE_MS, scheduling: 'lifo' as const };
      const agent = url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
      agents.set(key, agent);
      if (agents.size > KEPT_ENDPOINTS) {
        const [oldest, dropped] = agents.entries().next().value!;
        agents.delete(oldest);
        dropped.destroy();
      }
      return agent;
    },
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

export type ConnectionPool = ReturnType<typeof createConnectionPool>;
