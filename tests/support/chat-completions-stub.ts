import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local server that speaks the OpenAI chat-completions protocol, so AI tests never leave the machine.
// Each request takes the next scripted reply; with none left, `fallback` answers (or a 500).

export interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  };
}

export type StubReply =
  // The content streamed as Server-Sent Events in pieces of `piece` characters. With `holdAfter`, the
  // stream stops once that many characters are sent until release() is called.
  | { kind: 'stream'; content: string; piece?: number; holdAfter?: number }
  // One JSON document, as a server that ignores `stream` answers.
  | { kind: 'json'; content: string }
  // Event lines sent as they are (for malformed streams).
  | { kind: 'events'; lines: string[] }
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  // Headers, then nothing: a model that never finishes.
  | { kind: 'hang' };

export interface ChatStub {
  // The base URL to give AI_BASE_URL (ends in /v1).
  url: string;
  requests: ChatRequest[];
  script: (...replies: StubReply[]) => void;
  release: () => void;
  close: () => Promise<void>;
}

// The answer a model gives: {"tasks": [...]} with every field present.
export function tasksAnswer(
  tasks: Array<
    Partial<{
      title: string;
      description: string;
      assignee: string | null;
      dueDate: string | null;
      priority: string | null;
      labels: string[];
    }>
  >,
): string {
  return JSON.stringify({
    tasks: tasks.map((task) => ({ title: '', description: '', assignee: null, dueDate: null, priority: null, labels: [], ...task })),
  });
}

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

export async function startChatStub(fallback?: (request: ChatRequest) => StubReply): Promise<ChatStub> {
  const queue: StubReply[] = [];
  const requests: ChatRequest[] = [];
  const sockets = new Set<Socket>();
  let releaseHeld: () => void = () => undefined;

  async function answer(reply: StubReply, response: ServerResponse) {
    switch (reply.kind) {
      case 'status':
        response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        response.end(JSON.stringify({ error: { message: `status ${reply.status}` } }));
        return;
      case 'json':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }] }),
        );
        return;
      case 'hang':
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.flushHeaders();
        return;
      case 'events':
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const line of reply.lines) response.write(`${line}\n\n`);
        response.end();
        return;
      case 'stream': {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const piece = reply.piece ?? 7;
        for (let at = 0; at < reply.content.length; at += piece) {
          if (reply.holdAfter !== undefined && at >= reply.holdAfter && at - piece < reply.holdAfter) {
            await new Promise<void>((resolve) => (releaseHeld = resolve));
          }
          response.write(chunk(reply.content.slice(at, at + piece)));
        }
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
        response.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (text += part));
    request.on('end', () => {
      const chat: ChatRequest = { headers: request.headers, body: JSON.parse(text) as ChatRequest['body'] };
      requests.push(chat);
      const reply = queue.shift() ?? fallback?.(chat) ?? { kind: 'status', status: 500 };
      answer(reply, response).catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    release: () => releaseHeld(),
    async close() {
      releaseHeld();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
