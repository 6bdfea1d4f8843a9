import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

// One node of Fastify's printed route tree: its indent (four characters a level), the path segment it
// adds to its parent's, and the methods registered at it, if any.
const NODE = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/;

// Every route the app registered, read from Fastify's own route table (printRoutes), so a test that
// walks them covers a route added tomorrow without anyone listing it.
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = NODE.exec(line);
    if (!node) {
      if (line.trim() !== '') throw new Error(`Unreadable line in the route table: ${line}`);
      continue;
    }
    segments.length = node[1]!.length / 4;
    segments.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url: segments.join('') });
  }
  return routes;
}
