import fastifySwagger from '@fastify/swagger';
import Fastify, { type RouteOptions } from 'fastify';
import { swaggerOptions } from './openapi.ts';

// The OpenAPI document of /api/v1, built at its first request rather than at start: @fastify/swagger
// and its YAML library are about 160 KB of start-up JavaScript (decision 036). The routes as /api/v1
// registered them are registered again on an instance of their own, which is never listened on,
// so @fastify/swagger sees the same routes, schemas and order it would have seen at start.
export async function buildOpenApiDocument(routes: readonly RouteOptions[]) {
  const app = Fastify();
  // Only the document is wanted from this instance: its routes never validate or answer anything.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, swaggerOptions);
  for (const { method, url, schema, config } of routes) app.route({ method, url, schema, config, handler: async () => null });
  await app.ready();
  const document = app.swagger();
  await app.close();
  return document;
}
