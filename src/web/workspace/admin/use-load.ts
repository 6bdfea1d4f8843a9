import { useCallback, useEffect, useState } from 'react';
import { problemText } from '#src/web/lib/workspaces.tsx';

export type Loaded<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

interface Settled<T> {
  // The call this answer is for.
  call: string;
  data: T | null;
  error: string | null;
}

// One call's loading, answer and failure. A new key loads again, keeping the last answer on show
// meanwhile; an answer that arrives after a newer call started is dropped, so a slow search never
// overwrites a faster one.
export function useLoad<T>(load: () => Promise<T>, key: string, fallback: string): Loaded<T> & { reload: () => void } {
  const [round, setRound] = useState(0);
  const call = `${key}#${round}`;
  const [settled, setSettled] = useState<Settled<T>>({ call: '', data: null, error: null });
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setSettled({ call, data, error: null }),
      (error: unknown) => current && setSettled((was) => ({ call, data: was.data, error: problemText(error, fallback) })),
    );
    return () => {
      current = false;
    };
    // `load` and `fallback` are rebuilt on every render; the call's key says when the answer would differ.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  let state: Loaded<T>;
  if (settled.call !== call) state = { status: 'loading', data: settled.data, error: null };
  else if (settled.error !== null) state = { status: 'error', data: settled.data, error: settled.error };
  else state = { status: 'ready', data: settled.data as T, error: null };
  return { ...state, reload };
}
