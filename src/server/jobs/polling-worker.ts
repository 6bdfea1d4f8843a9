interface Log {
  warn(obj: object, msg: string): void;
}

// The loop around a worker's drain, shared by the job runner and the webhook worker: a poll every
// `pollMs` (0: only when a test calls runDue), one drain at a time in this process, and a call during a
// drain runs one more after it, so nothing committed meanwhile waits for the next poll. Such a call
// answers with that next drain, which began after it: what it was called for (a commit, a clock a test
// moved) is seen by the drain it waits for, never by one that looked before.
export function pollingWorker({
  name,
  log,
  pollMs,
  drain,
  onWakeDuringDrain,
}: {
  name: string;
  log: Log;
  pollMs: number;
  drain: () => Promise<number>;
  // Told of a wake while a drain runs, for a drain that can take new work without ending first.
  onWakeDuringDrain?: () => void;
}) {
  let running: Promise<number> | null = null;
  let following: Promise<number> | null = null;
  let stopping = false;

  function begin(): Promise<number> {
    running = drain()
      .catch((error: unknown) => {
        log.warn({ err: error }, `${name} failed`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function runDue(): Promise<number> {
    if (!running) return begin();
    onWakeDuringDrain?.();
    following ??= running.then(() => {
      following = null;
      if (stopping) return 0;
      // Another call may have begun one since the last ended; it too began after this call.
      return running ?? begin();
    });
    return following;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    runDue,
    // Looks at once instead of at the next poll (after a commit that enqueued something urgent).
    wake() {
      if (pollMs > 0) void runDue();
    },
    start() {
      if (pollMs <= 0 || timer) return;
      timer = setInterval(() => void runDue(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping = true;
      await following;
      await running;
    },
  };
}
