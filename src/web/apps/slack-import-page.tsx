import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { slackImportUi } from '#src/shared/chat/slack-import-messages.ts';
import type { SlackImport, SlackImportPreview } from '#src/shared/chat/slack-import-paths.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { BackLink } from '#src/web/ui/back-link.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading, PanelCard } from '#src/web/ui/panel-card.tsx';
import { slackImportApi, slackImportKeys } from './slack-import-api.ts';
import { SlackUploadForm } from './slack-upload-form.tsx';
import { englishNumber } from '#src/shared/english-number.ts';

const POLL_MS = 1000;
const COUNTED = [
  'channels',
  'messages',
  'threads',
  'reactions',
  'matchedPeople',
  'unmatchedPeople',
  'skipped',
  'shortened',
  'alreadyImported',
] as const;

const figure = (preview: SlackImportPreview, key: (typeof COUNTED)[number]) =>
  englishNumber(key === 'channels' ? preview.channels.length : preview[key]);

// Each step's card takes the focus when it appears, so a keyboard or screen reader user lands on it.
function StepCard({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div ref={heading} tabIndex={-1} className="rounded-card outline-none focus-visible:ring-2 focus-visible:ring-accent-600">
      <PanelCard title={title}>{children}</PanelCard>
    </div>
  );
}

function PreviewView({
  workspaceId,
  current,
  onChanged,
}: {
  workspaceId: string;
  current: SlackImport;
  onChanged: (next: SlackImport | null) => void;
}) {
  const [busy, setBusy] = useState<'start' | 'discard' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { preview } = current;
  const act = async (which: 'start' | 'discard') => {
    setBusy(which);
    setProblem(null);
    try {
      if (which === 'start') onChanged((await slackImportApi.start(workspaceId, current.id)).import);
      else {
        await slackImportApi.discard(workspaceId, current.id);
        onChanged(null);
      }
    } catch (error) {
      setProblem(problemText(error, slackImportUi.startFailed));
      setBusy(null);
    }
  };
  return (
    <StepCard title={slackImportUi.previewTitle}>
      <div className="space-y-5">
        <p className="text-sm text-slate-700">{slackImportUi.previewLead(current.fileName)}</p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="slack-preview-counts">
          {COUNTED.map((key) => (
            <div key={key} className="rounded-control border border-slate-200 px-3 py-2">
              <dt className="text-xs text-slate-600">{slackImportUi.counts[key]}</dt>
              <dd className="text-lg font-semibold text-slate-900">{figure(preview, key)}</dd>
            </div>
          ))}
        </dl>
        {preview.channels.length === 0 ? (
          <Alert tone="info">{slackImportUi.noChannels}</Alert>
        ) : (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-900">{slackImportUi.channelsTitle}</h3>
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {slackImportUi.slackChannel}
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {slackImportUi.hereChannel}
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    {slackImportUi.channelMessages}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.channels.map((channel) => (
                  <tr key={channel.slackName}>
                    <td className="py-1.5 pr-3 break-all text-slate-800">#{channel.slackName}</td>
                    <td className="py-1.5 pr-3 break-all text-slate-800">
                      #{channel.name}{' '}
                      <span className="text-xs text-slate-600">
                        ({channel.existing ? slackImportUi.existingChannel : slackImportUi.newChannel})
                      </span>
                    </td>
                    <td className="py-1.5 text-right text-slate-800 tabular-nums">{englishNumber(channel.messages)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-slate-600">{slackImportUi.renamedNote}</p>
          </div>
        )}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button busy={busy === 'start'} busyLabel={slackImportUi.importing} disabled={busy !== null} onClick={() => void act('start')}>
            {slackImportUi.importButton}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'discard'}
            busyLabel={slackImportUi.discarding}
            disabled={busy !== null}
            onClick={() => void act('discard')}
          >
            {slackImportUi.discard}
          </Button>
        </div>
      </div>
    </StepCard>
  );
}

function ProgressView({ current }: { current: SlackImport }) {
  const total = Math.max(current.totalMessages, 1);
  return (
    <StepCard title={slackImportUi.progressTitle}>
      <div className="space-y-3">
        <progress
          className="h-2 w-full accent-accent-600"
          max={total}
          value={current.processedMessages}
          aria-label={slackImportUi.progressLabel}
        />
        <p role="status" className="text-sm text-slate-800" data-testid="slack-import-progress">
          {current.status === 'queued' ? slackImportUi.queued : slackImportUi.progress(current.processedMessages, current.totalMessages)}
        </p>
        <p className="text-xs text-slate-600">{slackImportUi.progressHint}</p>
      </div>
    </StepCard>
  );
}

function FinishedView({ current, onAnother }: { current: SlackImport; onAnother: () => void }) {
  const done = current.status === 'done';
  return (
    <StepCard title={done ? slackImportUi.doneTitle : slackImportUi.failedTitle}>
      <div className="space-y-4">
        {done ? (
          <Alert tone="success">{slackImportUi.done(current.importedMessages, current.totalMessages)}</Alert>
        ) : (
          <Alert tone="error">{current.error ?? slackImportUi.loadFailed}</Alert>
        )}
        <div className="flex flex-wrap gap-2">
          {done ? (
            <Link to="/chat" className={buttonClass('primary')}>
              {slackImportUi.openChat}
            </Link>
          ) : null}
          <Button variant="secondary" onClick={onAnother}>
            {slackImportUi.another}
          </Button>
        </div>
      </div>
    </StepCard>
  );
}

const active = (item: SlackImport) => item.status === 'previewed' || item.status === 'queued' || item.status === 'running';

function SlackImportView({ workspace }: { workspace: WorkspaceSummary }) {
  const client = useQueryClient();
  const id = workspace.id;
  // The import on screen: chosen by this visit, else one still waiting or under way (come back to it).
  const [chosen, setChosen] = useState<string | null | 'none'>(null);
  const list = useQuery({ queryKey: slackImportKeys.list(id), queryFn: () => slackImportApi.list(id) });
  const shownId = chosen === 'none' ? null : (chosen ?? list.data?.imports.find(active)?.id ?? null);
  const current = useQuery({
    queryKey: slackImportKeys.one(id, shownId ?? ''),
    queryFn: () => slackImportApi.one(id, shownId!),
    enabled: shownId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.import.status;
      return status === 'queued' || status === 'running' ? POLL_MS : false;
    },
  });
  const show = (next: SlackImport | null) => {
    if (next) client.setQueryData(slackImportKeys.one(id, next.id), { import: next });
    setChosen(next ? next.id : 'none');
    void client.invalidateQueries({ queryKey: slackImportKeys.list(id) });
  };

  if (list.error || current.error) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{problemText(list.error ?? current.error, slackImportUi.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => void Promise.all([list.refetch(), current.refetch()])}>
          {slackImportUi.tryAgain}
        </Button>
      </div>
    );
  }
  if (!list.data || (shownId !== null && !current.data)) return <GenericLoader text={slackImportUi.loading} />;
  const item = shownId !== null ? current.data?.import : undefined;
  if (!item) {
    return (
      <PanelCard title={slackImportUi.uploadTitle}>
        <SlackUploadForm workspaceId={id} onUploaded={show} />
      </PanelCard>
    );
  }
  if (item.status === 'previewed') return <PreviewView workspaceId={id} current={item} onChanged={show} />;
  if (item.status === 'queued' || item.status === 'running') return <ProgressView current={item} />;
  return <FinishedView current={item} onAnother={() => show(null)} />;
}

// /apps/slack-import: an owner uploads a Slack export, sees what it holds, imports it and follows it.
export default function SlackImportPage() {
  const { status, current, error } = useWorkspaces();
  let content;
  if (status === 'loading') content = <GenericLoader text={slackImportUi.loading} />;
  else if (status === 'error' || !current) content = <Alert tone="error">{error ?? slackImportUi.loadFailed}</Alert>;
  else if (current.role !== 'owner') content = <Alert tone="info">{slackImportUi.ownersOnly}</Alert>;
  else content = <SlackImportView key={current.id} workspace={current} />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to="/apps">{slackImportUi.back}</BackLink>
      <PageHeading title={slackImportUi.title} lead={slackImportUi.lead} />
      {content}
    </div>
  );
}
