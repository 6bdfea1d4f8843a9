import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookAttemptError } from '#src/shared/webhooks/messages.ts';
import { WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_CONNECT_TIMEOUT_MS, WEBHOOK_RESPONSE_KEPT } from '#src/shared/webhooks/paths.ts';
import { checkTarget, RefusedUrl, type AddressPolicy, type Resolver } from './address-guard.ts';
import type { ConnectionPool } from './connections.ts';

export interface Outgoing {
  // The webhook-id: the same on every attempt (product rules H2).
  id: string;
  url: string;
  secret: string;
  payload: string;
  // The attempt's time, as the webhook-timestamp header.
  at: number;
}

export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  response: string;
  error: string | null;
}

// Product rules H2: the Standard Webhooks headers, signed by the library receivers verify with.
export function signedHeaders(message: Pick<Outgoing, 'id' | 'secret' | 'payload' | 'at'>): Record<string, string> {
  const timestamp = new Date(message.at);
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.id, timestamp, message.payload),
  };
}

// Reads at most the first KB of the answer, then lets the rest go.
function readStart(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () =>
      resolve(
        Buffer.concat(chunks)
          .subarray(0, WEBHOOK_RESPONSE_KEPT)
          .toString('utf8')
          .replace(/\uFFFD+$/, ''),
      );
    response.on('data', (chunk: Buffer) => {
      if (size < WEBHOOK_RESPONSE_KEPT) chunks.push(chunk);
      size += chunk.length;
      if (size >= WEBHOOK_RESPONSE_KEPT) {
        response.destroy();
        finish();
      }
    });
    response.on('end', finish);
    response.on('error', finish);
    response.on('close', finish);
  });
}

export interface SendOptions {
  policy: AddressPolicy;
  resolve?: Resolver;
  // Kept connections per endpoint; without it, each attempt opens and closes its own.
  connections?: ConnectionPool;
  // Real time for the duration, whatever the app's clock says.
  now?: () => number;
}

// One attempt: check the target after DNS, connect to the checked address, POST, keep the status and the
// start of the answer. Never throws: every failure is an attempt result for the log.
export async function sendWebhook(
  message: Outgoing,
  { policy, resolve, connections, now = Date.now }: SendOptions,
): Promise<AttemptResult> {
  const started = now();
  const took = () => Math.max(0, Math.round(now() - started));
  let target;
  try {
    target = await checkTarget(message.url, policy, resolve);
  } catch (error) {
    const text = error instanceof RefusedUrl ? error.message : webhookAttemptError.unresolved;
    return { statusCode: null, durationMs: took(), response: '', error: text };
  }
  // The connection goes to the address just checked; the host name still names the server for TLS and Host.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolveResult) => {
    let settled = false;
    const settle = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveResult({ ...result, durationMs: took() });
    };
    const outgoing = send(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: connections?.agentFor(target.url, target.address) ?? false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.payload),
          'user-agent': 'Tessera-Webhooks/1',
          ...signedHeaders(message),
        },
      },
      (response) => {
        void readStart(response).then((body) => settle({ statusCode: response.statusCode ?? null, response: body, error: null }));
      },
    );
    // Product rules H3: 10 s for the whole attempt, connecting and reading included.
    const timer = setTimeout(() => {
      settle({ statusCode: null, response: '', error: webhookAttemptError.timeout });
      outgoing.destroy();
    }, WEBHOOK_ATTEMPT_TIMEOUT_MS);
    outgoing.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connecting = setTimeout(() => {
        settle({ statusCode: null, response: '', error: webhookAttemptError.connectTimeout });
        outgoing.destroy();
      }, WEBHOOK_CONNECT_TIMEOUT_MS);
      socket.once('connect', () => clearTimeout(connecting));
      socket.once('close', () => clearTimeout(connecting));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      settle({ statusCode: null, response: '', error: webhookAttemptError.network(error.code ?? 'error') }),
    );
    outgoing.end(message.payload);
  });
}
