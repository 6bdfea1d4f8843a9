// The `ws` package comes with Hocuspocus's server, without its types. What docs uses of it: the server
// Hocuspocus makes (collab.ts hands it our upgrades and closes its sockets) and the client the docs
// tests open a page with.
declare module 'ws' {
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  export default class WebSocket {
    constructor(address: string, options?: { headers?: Record<string, string> });
    close(code?: number, reason?: string): void;
    once(event: 'close', listener: () => void): this;
  }

  export interface ServerOptions {
    noServer?: boolean;
    maxPayload?: number;
  }

  export interface AddressInfo {
    address: string;
    family: string;
    port: number;
  }

  export class WebSocketServer {
    clients: Set<WebSocket>;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, done: (socket: WebSocket) => void): void;
    emit(event: 'connection', socket: WebSocket, request: IncomingMessage): boolean;
    close(): void;
  }
}
