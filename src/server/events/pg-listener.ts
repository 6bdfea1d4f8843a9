import type { Client } from 'pg';

export interface ListenerLog {
  warn: (details: object, message: string) => void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

// One connection of its own that LISTENs on `channel`, reconnecting after any loss with a growing pause.
// `onConnected` runs after each (re)connection: whatever was committed while it was away is read then.
export function listenForever(options: {
  connect: () => Client;
  channel: string;
  onNotify: (payload: string) => void;
  onConnected: () => void;
  log: ListenerLog;
}): { close: () => Promise<void> } {
  let client: Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void start();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function start() {
    const current = options.connect();
    client = current;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (!closed) options.log.warn({ err: { message: error?.message ?? 'connection ended' } }, 'live events listener lost; reconnecting');
      current.end().catch(() => undefined);
      retry();
    };
    current.on('error', onLost);
    current.on('end', () => onLost());
    current.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotify(message.payload);
    });
    try {
      await current.connect();
      // The channel name is ours, a fixed identifier: nothing from a request reaches this statement.
      await current.query(`LISTEN ${options.channel}`);
      if (closed) return void current.end().catch(() => undefined);
      retryMs = RETRY_FIRST_MS;
      options.onConnected();
    } catch (error) {
      onLost(error as Error);
    }
  }

  void start();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
