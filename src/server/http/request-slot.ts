import type { FastifyInstance, FastifyRequest } from 'fastify';

// A value one hook of a request leaves for the next (the session it read, the workspace scope the door
// made), held in a property every request object is built with (Fastify's decorateRequest) rather than
// in a WeakMap keyed by the request: each WeakMap entry of a short-lived key costs V8 an ephemeron
// (about 0.5 µs to set, and more work in every scavenge), on every signed-in request. The key is a
// symbol of its own, so nothing else reads or overwrites it. `addTo` runs on the root instance before
// any plugin, as Fastify builds each plugin's request objects from the root's decorations.
export function requestSlot<T>(name: string) {
  const key = Symbol(name);
  const slots = (request: FastifyRequest) => request as unknown as Record<symbol, T | null>;
  return {
    addTo(app: FastifyInstance): void {
      app.decorateRequest(key, null);
    },
    get: (request: FastifyRequest): T | null => slots(request)[key] ?? null,
    set(request: FastifyRequest, value: T): void {
      slots(request)[key] = value;
    },
  };
}
