import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { aiUi } from '#src/shared/ai/messages.ts';
import type { AiSettingsResponse } from '#src/shared/ai/paths.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { notify } from '#src/web/ui/notify.ts';
import { aiApi } from './ai-api.ts';

export const settingsKey = (workspaceId: string) => ['ai-settings', workspaceId] as const;

function modelLine(settings: AiSettingsResponse): string {
  if (!settings.model) return aiUi.modelNone;
  if (!settings.enabled) return aiUi.modelOff;
  return aiUi.modelOn(settings.model);
}

// spec 2's "AI Tools" on the AI Mode page: which model proposes (or that none is configured), today's
// use of the workspace's allowance, and the owners' switch.
export function AiToolsCard({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const switchId = useId();
  const settings = useQuery({ queryKey: settingsKey(workspaceId), queryFn: () => aiApi.settings(workspaceId) });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => aiApi.setEnabled(workspaceId, { enabled }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey(workspaceId), answer),
    onError: (error) => notify.error(problemText(error, aiUi.readFailed)),
  });
  const data = settings.data;
  return (
    <section id="ai-tools" aria-labelledby="ai-tools-title" className="rounded-card border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="ai-tools-title" className="text-base font-semibold text-slate-900">
        {workspaceCopy.panels.aiMode[1]}
      </h2>
      {data ? (
        <div className="mt-2 space-y-3 text-sm text-slate-700">
          <p data-testid="ai-model-status">{modelLine(data)}</p>
          {data.model ? <p>{aiUi.usage(data.usedToday, data.dailyLimit)}</p> : null}
          {data.model && data.canChange ? (
            <div className="flex items-center gap-2">
              <input
                id={switchId}
                type="checkbox"
                className="size-4 accent-accent-600"
                checked={data.enabled}
                disabled={toggle.isPending}
                onChange={(event) => toggle.mutate(event.target.checked)}
              />
              <label htmlFor={switchId}>{aiUi.switchLabel}</label>
            </div>
          ) : null}
        </div>
      ) : settings.isError ? (
        <p className="mt-2 text-sm text-red-700">{problemText(settings.error, aiUi.readFailed)}</p>
      ) : null}
    </section>
  );
}
