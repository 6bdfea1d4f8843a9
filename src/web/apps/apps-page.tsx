import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appsUi } from '#src/shared/github/apps-messages.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { formatDateTime } from '#src/web/lib/format-time.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { buttonClass } from '#src/web/ui/button-class.ts';
import { cn } from '#src/web/ui/cn.ts';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { appsApi, appsKeys } from './apps-api.ts';
import { slackImportApi, slackImportKeys } from './slack-import-api.ts';

type State = 'on' | 'off' | 'soon' | 'owners';

const badgeLook: Record<State, string> = {
  on: 'bg-green-50 text-green-800 ring-green-600/20',
  off: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  soon: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  owners: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

function AppCard({
  name,
  about,
  state,
  children,
  links,
}: {
  name: string;
  about: string;
  state: State | null;
  children?: ReactNode;
  links?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-5 shadow-sm" aria-label={name}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{name}</h2>
        {state ? (
          <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', badgeLook[state])}>
            {appsUi.states[state]}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{about}</p>
      {children ? <div className="text-sm text-slate-800">{children}</div> : null}
      {links ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{links}</div> : null}
    </li>
  );
}

const linkLook = (primary: boolean) => cn(buttonClass(primary ? 'primary' : 'secondary'), 'px-3 py-1.5 text-sm');

// A card whose state comes from one query: loading, failed, or what `show` makes of the answer.
function QueryCard<T>({
  name,
  about,
  query,
  show,
  links,
}: {
  name: string;
  about: string;
  query: UseQueryResult<T>;
  show: (data: T) => { state: State; text: ReactNode };
  links: (state: State | null) => ReactNode;
}) {
  let state: State | null = null;
  let text: ReactNode;
  if (query.error) text = <span className="text-red-700">{problemText(query.error, appsUi.failed)}</span>;
  else if (query.data === undefined) text = <span className="text-slate-500">{appsUi.loading}</span>;
  else ({ state, text } = show(query.data));
  return (
    <AppCard name={name} about={about} state={state} links={links(state)}>
      {text}
    </AppCard>
  );
}

function AppsList({ workspace }: { workspace: WorkspaceSummary }) {
  const owner = workspace.role === 'owner';
  const id = workspace.id;
  const github = useQuery({ queryKey: appsKeys.github(id), queryFn: () => appsApi.github(id) });
  const feed = useQuery({ queryKey: appsKeys.calendarFeed, queryFn: appsApi.calendarFeed });
  const keys = useQuery({ queryKey: appsKeys.apiKeys(id), queryFn: () => appsApi.apiKeys(id), enabled: owner });
  const hooks = useQuery({ queryKey: appsKeys.webhooks(id), queryFn: () => appsApi.webhooks(id), enabled: owner });
  const ai = useQuery({ queryKey: appsKeys.ai(id), queryFn: () => appsApi.ai(id) });
  const slack = useQuery({ queryKey: slackImportKeys.list(id), queryFn: () => slackImportApi.list(id), enabled: owner });
  const settingsLink = (name: string, state: State | null) => (
    <Link to="/workspace-settings" className={linkLook(state === 'off')}>
      {state === 'off' ? appsUi.setUp(name) : appsUi.manage(name)}
    </Link>
  );

  return (
    <ul className="grid gap-4 md:grid-cols-2">
      <QueryCard
        name={appsUi.github.name}
        about={appsUi.github.about}
        query={github}
        show={({ repos }) => {
          if (repos.length === 0) return { state: 'off', text: appsUi.github.none };
          const last = repos
            .map((repo) => repo.lastDeliveryAt)
            .filter((at): at is string => at !== null)
            .sort()
            .at(-1);
          const refused = repos.find((repo) => repo.lastError);
          return {
            state: 'on',
            text: (
              <>
                <p>{appsUi.github.repos(repos.length)}</p>
                {last ? <p>{appsUi.github.lastDelivery(formatDateTime(last))}</p> : null}
                {refused?.lastError ? <p className="text-red-700">{appsUi.github.error(refused.lastError)}</p> : null}
              </>
            ),
          };
        }}
        links={(state) => (
          <Link to="/apps/github" className={linkLook(state === 'off')}>
            {state === 'off' ? appsUi.setUp(appsUi.github.name) : appsUi.manage(appsUi.github.name)}
          </Link>
        )}
      />
      <QueryCard
        name={appsUi.calendar.name}
        about={appsUi.calendar.about}
        query={feed}
        show={({ url }) => (url ? { state: 'on', text: appsUi.calendar.on } : { state: 'off', text: appsUi.calendar.off })}
        links={(state) => (
          <Link to="/calendar" className={linkLook(state === 'off')}>
            {state === 'off' ? appsUi.setUp(appsUi.calendar.name) : appsUi.manage(appsUi.calendar.name)}
          </Link>
        )}
      />
      {owner ? (
        <QueryCard
          name={appsUi.api.name}
          about={appsUi.api.about}
          query={keys}
          show={({ apiKeys }) =>
            apiKeys.length === 0 ? { state: 'off', text: appsUi.api.none } : { state: 'on', text: appsUi.api.keys(apiKeys.length) }
          }
          links={(state) => (
            <>
              {settingsLink(appsUi.api.name, state)}
              <Link to="/docs/api" className={linkLook(false)}>
                {appsUi.api.docs}
              </Link>
            </>
          )}
        />
      ) : (
        <AppCard
          name={appsUi.api.name}
          about={appsUi.api.about}
          state="owners"
          links={
            <Link to="/docs/api" className={linkLook(false)}>
              {appsUi.api.docs}
            </Link>
          }
        >
          {appsUi.ownersOnly}
        </AppCard>
      )}
      {owner ? (
        <QueryCard
          name={appsUi.webhooks.name}
          about={appsUi.webhooks.about}
          query={hooks}
          show={({ endpoints }) =>
            endpoints.length === 0
              ? { state: 'off', text: appsUi.webhooks.none }
              : {
                  state: 'on',
                  text: appsUi.webhooks.endpoints(endpoints.length, endpoints.filter((endpoint) => endpoint.enabled).length),
                }
          }
          links={(state) => settingsLink(appsUi.webhooks.name, state)}
        />
      ) : (
        <AppCard name={appsUi.webhooks.name} about={appsUi.webhooks.about} state="owners">
          {appsUi.ownersOnly}
        </AppCard>
      )}
      <QueryCard
        name={appsUi.ai.name}
        about={appsUi.ai.about}
        query={ai}
        show={(settings) => {
          if (settings.model && settings.enabled) {
            return { state: 'on', text: appsUi.ai.model(settings.model, settings.usedToday, settings.dailyLimit) };
          }
          return { state: 'off', text: settings.model ? appsUi.ai.switchedOff(settings.model) : appsUi.ai.parser };
        }}
        links={() => (
          <Link to="/ai-mode" className={linkLook(false)}>
            {appsUi.manage(appsUi.ai.name)}
          </Link>
        )}
      />
      {owner ? (
        <QueryCard
          name={appsUi.slack.name}
          about={appsUi.slack.about}
          query={slack}
          show={({ imports }) => {
            const last = imports[0];
            if (!last) return { state: 'off', text: appsUi.slack.none };
            if (last.status === 'previewed') return { state: 'off', text: appsUi.slack.previewed };
            if (last.status === 'failed') return { state: 'off', text: <span className="text-red-700">{appsUi.slack.failed}</span> };
            if (last.status === 'done') {
              return { state: 'on', text: appsUi.slack.done(last.importedMessages, formatDateTime(last.finishedAt ?? last.createdAt)) };
            }
            return { state: 'on', text: appsUi.slack.running(last.processedMessages, last.totalMessages) };
          }}
          links={(state) => (
            <Link to="/apps/slack-import" className={linkLook(state === 'off')}>
              {appsUi.slack.start}
            </Link>
          )}
        />
      ) : (
        <AppCard name={appsUi.slack.name} about={appsUi.slack.about} state="owners">
          {appsUi.ownersOnly}
        </AppCard>
      )}
      {appsUi.soon.map((app) => (
        <AppCard key={app.name} name={app.name} about={app.about} state="soon">
          {appsUi.soonText}
        </AppCard>
      ))}
    </ul>
  );
}

// /apps: every integration of the current workspace with its real state, and where to set it up.
export default function AppsPage() {
  const { status, current, error } = useWorkspaces();
  let content;
  if (status === 'loading') content = <GenericLoader text={appsUi.loading} />;
  else if (status === 'error' || !current) content = <Alert tone="error">{error ?? appsUi.failed}</Alert>;
  else content = <AppsList key={current.id} workspace={current} />;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeading title={appsUi.title} lead={appsUi.lead} />
      {content}
    </div>
  );
}
