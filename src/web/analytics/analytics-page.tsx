import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { analyticsCopy } from '#src/shared/analytics/messages.ts';
import { analyticsPaths, type AnalyticsResponse } from '#src/shared/analytics/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api, problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { AssigneeChart, FlowChart, Legend, SERIES, WeeklyChart } from './charts.tsx';
import { ChartCard } from './chart-card.tsx';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fieldClass =
  'rounded-control border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none';

// The analytics of the current workspace (linked from the dashboard's View Analytics and the
// AI Mode panel), over a range of days kept in the address (`?from=…&to=…`, UTC days).
export default function AnalyticsPage() {
  const { status, current } = useWorkspaces();
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {analyticsCopy.title}
          {current ? <span className="ml-2 text-base font-medium text-slate-600">{current.name}</span> : null}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{analyticsCopy.lead}</p>
      </div>
      {status === 'loading' ? (
        <GenericLoader />
      ) : current ? (
        <WorkspaceAnalytics key={current.id} workspaceId={current.id} />
      ) : (
        <p className="text-sm text-slate-600">{analyticsCopy.noWorkspace}</p>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function WorkspaceAnalytics({ workspaceId }: { workspaceId: string }) {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => utcDay(Date.now()));
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : today;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : utcDay(Date.parse(to) - 83 * DAY_MS);
  const valid = from <= to && Date.parse(to) - Date.parse(from) < 366 * DAY_MS;
  const query = useQuery({
    queryKey: ['analytics', workspaceId, from, to],
    queryFn: () =>
      api<AnalyticsResponse>('GET', `${workspacePath(analyticsPaths.analytics, { id: workspaceId })}?${new URLSearchParams({ from, to })}`),
    enabled: valid,
  });
  const set = (next: { from: string; to: string }) => setParams(new URLSearchParams(next), { replace: true });
  const figures = query.data;

  return (
    <>
      <form className="flex flex-wrap items-end gap-3" aria-label={analyticsCopy.range} onSubmit={(event) => event.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          {analyticsCopy.from}
          <input
            type="date"
            className={fieldClass}
            value={from}
            max={to}
            onChange={(event) => DAY.test(event.target.value) && set({ from: event.target.value, to })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          {analyticsCopy.to}
          <input
            type="date"
            className={fieldClass}
            value={to}
            min={from}
            onChange={(event) => DAY.test(event.target.value) && set({ from, to: event.target.value })}
          />
        </label>
        <div className="flex flex-wrap gap-2">
          {Object.entries(analyticsCopy.presets).map(([days, label]) => (
            <button
              key={days}
              type="button"
              className="rounded-control border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
              onClick={() => set({ from: utcDay(Date.parse(today) - (Number(days) - 1) * DAY_MS), to: today })}
            >
              {label}
            </button>
          ))}
        </div>
      </form>
      {!valid ? <Alert tone="error">{analyticsCopy.badRange}</Alert> : null}
      {query.isError ? <Alert tone="error">{problemText(query.error, analyticsCopy.loadFailed)}</Alert> : null}
      {valid && query.isPending ? <GenericLoader /> : null}
      {figures ? <Figures figures={figures} /> : null}
    </>
  );
}

function Figures({ figures }: { figures: AnalyticsResponse }) {
  const happened = figures.weeks.some((week) => week.created > 0 || week.completed > 0);
  const columnNames = figures.columns.map((column) => column.name);
  const stem = `${figures.from}_${figures.to}`;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={analyticsCopy.throughput}
          value={analyticsCopy.throughputValue(figures.throughput.completed, figures.throughput.perWeek)}
        />
        <Figure label={analyticsCopy.cycleMedian} value={analyticsCopy.days(figures.cycleTime.medianDays)} />
        <Figure label={analyticsCopy.cycleP85} value={analyticsCopy.days(figures.cycleTime.p85Days)} />
        <Figure label={analyticsCopy.overdue} value={String(figures.overdue)} />
      </dl>
      {!happened ? <p className="text-sm text-slate-600">{analyticsCopy.empty}</p> : null}
      <ChartCard
        title={analyticsCopy.createdVsCompleted}
        table={{
          header: [analyticsCopy.week, analyticsCopy.created, analyticsCopy.completed],
          rows: figures.weeks.map((week) => [week.week, week.created, week.completed]),
          file: `created-vs-completed_${stem}.csv`,
        }}
      >
        <WeeklyChart figures={figures} />
        <Legend
          items={[
            { label: analyticsCopy.created, color: SERIES[0]! },
            { label: analyticsCopy.completed, color: SERIES[1]! },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={analyticsCopy.flow}
        table={{
          header: [analyticsCopy.day, ...columnNames],
          rows: figures.flow.map((day) => [day.day, ...day.counts]),
          file: `cumulative-flow_${stem}.csv`,
        }}
      >
        <FlowChart figures={figures} />
        <Legend items={columnNames.map((name, index) => ({ label: name, color: SERIES[index % SERIES.length]! }))} />
      </ChartCard>
      <ChartCard
        title={analyticsCopy.perAssignee}
        table={{
          header: [analyticsCopy.assignee, analyticsCopy.completed, analyticsCopy.open],
          rows: figures.assignees.map((person) => [person.name, person.completed, person.open]),
          file: `work-per-assignee_${stem}.csv`,
        }}
      >
        <AssigneeChart figures={figures} />
        <Legend
          items={[
            { label: analyticsCopy.completed, color: SERIES[1]! },
            { label: analyticsCopy.open, color: SERIES[2]! },
          ]}
        />
      </ChartCard>
    </>
  );
}
