import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

// A real HTTP receiver for webhook tests, on loopback. `answer` decides each reply's status (by the
// number of the request, from 1); every request is kept for the test to verify.
export interface WebhookReceiver {
  url: string;
  received: Received[];
  answer: (n: number, request: Received) => number | Promise<number>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(answer: WebhookReceiver['answer'] = () => 204): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(entry);
      void Promise.resolve(receiver.answer(receiver.received.length, entry)).then((status) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'thanks' : `nope ${status}`);
      });
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

const headerValues = (received: Received) => ({
  'webhook-id': String(received.headers['webhook-id']),
  'webhook-timestamp': String(received.headers['webhook-timestamp']),
  'webhook-signature': String(received.headers['webhook-signature']),
});

// What a receiver does, with the library's own verify(): signature and a timestamp within 5 minutes of
// the receiver's real time. Answers the parsed payload, or throws.
export function verifyReceived(secret: string, received: Received): unknown {
  return new Webhook(secret).verify(received.body, headerValues(received));
}

// For attempts sent at a moved test clock, whose timestamps lie in the real future: the signature is
// checked with the library, the timestamp against the test clock.
export function verifyReceivedAt(secret: string, received: Received, nowMs: number): unknown {
  const headers = headerValues(received);
  const timestamp = Number(headers['webhook-timestamp']);
  if (Math.abs(timestamp - nowMs / 1000) > 300) throw new Error('timestamp too far from the test clock');
  const expected = new Webhook(secret).sign(headers['webhook-id'], new Date(timestamp * 1000), received.body);
  if (!headers['webhook-signature'].split(' ').includes(expected)) throw new Error('signature does not match');
  return JSON.parse(received.body);
}
