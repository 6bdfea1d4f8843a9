import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

// One line per answered request, in place of Fastify's two (`incoming request` and `request completed`,
// each with nested req/res objects for pino to serialize): at the default level those two lines cost a
// third of the board's throughput. The line keeps what operators read: method, the route's pattern
// (never the raw URL, which may carry a calendar-feed or unsubscribe secret), status, duration, the
// client's address, and the request id pino adds as reqId. A failed answer is logged at error level
// with its error, as Fastify's own line was. Below `info` nothing is built at all.
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

export type CompletionObserver = (request: FastifyRequest, reply: FastifyReply) => void;

export class OneLineRequestLog extends LogController {
  // Fastify calls requestCompleted once per answered request: what else must see each one (the metrics)
  // is told here rather than through an onResponse hook, a hook runner fewer on every request.
  readonly #observers: CompletionObserver[] = [];

  observe(observer: CompletionObserver): void {
    this.#observers.push(observer);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    for (const observer of this.#observers) observer(request, reply);
    const log = reply.log;
    if (!error && !WRITES_INFO.has(log.level)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request');
  }
}
