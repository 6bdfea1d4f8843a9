import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParseReport, ProposalSource, TaskProposal } from '#src/shared/ai/paths.ts';
import { aiUi } from '#src/shared/ai/messages.ts';
import { ApiError, problemText } from '#src/web/lib/api-client.ts';
import { aiApi } from './ai-api.ts';

export interface ProposalRun {
  status: 'idle' | 'reading' | 'done' | 'failed';
  source: ProposalSource | null;
  report: ParseReport | null;
  problem: string | null;
}

const idle: ProposalRun = { status: 'idle', source: null, report: null, problem: null };

// One proposal run at a time, streamed: `onProposal` gets each proposal as it arrives and `onRestart`
// clears the list when the server starts over (the model failed; the parser's list follows).
export function useProposals(workspaceId: string, handlers: { onProposal: (proposal: TaskProposal) => void; onRestart: () => void }) {
  const [run, setRun] = useState<ProposalRun>(idle);
  const current = useRef<AbortController | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    async (text: string) => {
      current.current?.abort();
      const stop = new AbortController();
      current.current = stop;
      latest.current.onRestart();
      setRun({ ...idle, status: 'reading' });
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      try {
        await aiApi.propose(
          workspaceId,
          { text, timeZone },
          (line) => {
            if (stop.signal.aborted) return;
            if (line.type === 'source') setRun((was) => ({ ...was, source: line.source }));
            else if (line.type === 'restart') {
              latest.current.onRestart();
              setRun((was) => ({ ...was, source: line.source }));
            } else if (line.type === 'proposal') latest.current.onProposal(line.proposal);
            else if (line.type === 'done') setRun((was) => ({ ...was, status: 'done', report: line.report }));
            else setRun((was) => ({ ...was, status: 'failed', problem: line.error }));
          },
          stop.signal,
        );
        setRun((was) => (was.status === 'reading' ? { ...was, status: 'failed', problem: aiUi.readFailed } : was));
      } catch (error) {
        if (stop.signal.aborted) return;
        // The server refused the request itself (the text, the switch, the allowance): the form that sent
        // it shows why, and keeps the text.
        if (error instanceof ApiError) {
          setRun(idle);
          throw error;
        }
        setRun((was) => ({ ...was, status: 'failed', problem: problemText(error, aiUi.readFailed) }));
      }
    },
    [workspaceId],
  );

  const reset = useCallback(() => {
    current.current?.abort();
    setRun(idle);
  }, []);

  return { run, start, reset };
}
