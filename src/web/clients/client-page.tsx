import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignUi } from '#src/shared/campaigns/messages.ts';
import { clientUi } from '#src/shared/clients/messages.ts';
import { CLIENT_STATUSES, type ClientPageResponse, type ClientStatus } from '#src/shared/clients/paths.ts';
import { formatDay, timeAgo } from '#src/web/lib/format-time.ts';
import { useLiveRefresh } from '#src/web/lib/use-live-refresh.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { Link } from '#src/web/routing/links.tsx';
import { useParams } from '#src/web/routing/params.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { ActivityList, PageHeading, PanelCard } from '#src/web/ui/panel-card.tsx';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';
import { clientKeys, clientsApi, formatMoney } from './clients-api.ts';
import { AddContactForm, AddProjectForm } from './client-forms.tsx';
import { LoadProblem } from './load-problem.tsx';
import { fieldSelectClass } from '#src/web/ui/control-class.ts';

// One client: its contacts (invited to the portal from here), projects, open tasks and the activity with it.
export default function ClientPage() {
  const { clientId } = useParams<'clientId'>();
  const { current } = useWorkspaces();
  const workspaceId = current?.id ?? '';
  const page = useQuery({
    queryKey: clientKeys.one(workspaceId, clientId),
    queryFn: () => clientsApi.page(workspaceId, clientId),
    enabled: workspaceId !== '',
  });
  useLiveRefresh(workspaceId, [clientKeys.one(workspaceId, clientId)]);

  if (page.isError) return <LoadProblem onRetry={() => void page.refetch()} />;
  if (!page.data) return <GenericLoader text={clientUi.loading} />;
  return <ClientView data={page.data} workspaceId={workspaceId} isOwner={current?.role === 'owner'} />;
}

// A change of this client: the workspace's client reads refresh, and a toast says what happened.
function useClientChange<T>(workspaceId: string, run: (value: T) => Promise<unknown>, done: (value: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_answer, value) => {
      void queryClient.invalidateQueries({ queryKey: clientKeys.all(workspaceId) });
      notify.success(done(value));
    },
    onError: (error) => notify.error(problemText(error, clientUi.loadFailed)),
  });
}

function ClientView({ data, workspaceId, isOwner }: { data: ClientPageResponse; workspaceId: string; isOwner: boolean }) {
  const { client } = data;
  const setStatus = useClientChange(
    workspaceId,
    (status: ClientStatus) => clientsApi.update(workspaceId, client.id, { status }),
    () => clientUi.statusChanged,
  );
  const invite = useClientChange(
    workspaceId,
    (contact: { id: string; email: string }) => clientsApi.invite(workspaceId, client.id, contact.id),
    (contact) => clientUi.invited(contact.email),
  );
  const remove = useClientChange(
    workspaceId,
    (contactId: string) => clientsApi.removeContact(workspaceId, client.id, contactId),
    () => clientUi.contactRemoved,
  );
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link to="/clients" className="text-sm font-medium text-accent-700 hover:underline">
        {clientUi.allClients}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={client.name} lead={client.company || undefined} />
        <div className="w-44">
          <label htmlFor="client-status" className="mb-1.5 block text-sm font-medium text-slate-700">
            {clientUi.status}
          </label>
          <select
            id="client-status"
            className={fieldSelectClass}
            value={client.status}
            onChange={(event) => setStatus.mutate(event.target.value as ClientStatus)}
          >
            {CLIENT_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </div>
      </div>
      {client.notes ? <p className="text-sm whitespace-pre-line text-slate-700">{client.notes}</p> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <PanelCard title={clientUi.projects}>
          {data.projects.length === 0 ? <p className="text-sm text-slate-600">{clientUi.noProjects}</p> : null}
          <ul className="divide-y divide-slate-100">
            {data.projects.map((project) => (
              <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div>
                  <p className="font-medium text-slate-900">{project.name}</p>
                  <p className="text-xs text-slate-600">
                    {[project.startDate && formatDay(project.startDate), project.endDate && formatDay(project.endDate)]
                      .filter(Boolean)
                      .join(' – ')}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm text-slate-700">
                  {project.value !== null ? formatMoney(project.value, data.currency) : null}
                  <StatusBadge value={project.status} />
                </div>
              </li>
            ))}
          </ul>
          <AddProjectForm workspaceId={workspaceId} clientId={client.id} />
        </PanelCard>
        <PanelCard title={clientUi.contacts}>
          {client.contacts.length === 0 ? <p className="text-sm text-slate-600">{clientUi.noContacts}</p> : null}
          <ul className="divide-y divide-slate-100">
            {client.contacts.map((contact) => (
              <li key={contact.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div>
                  <p className="font-medium text-slate-900">{contact.name}</p>
                  <p className="text-xs text-slate-600">{contact.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  {contact.unsubscribedAt ? <StatusBadge value={campaignUi.unsubscribed} /> : null}
                  {contact.portalSince ? (
                    <StatusBadge value={clientUi.inPortal} />
                  ) : isOwner ? (
                    <Button
                      variant="secondary"
                      busy={invite.isPending && invite.variables?.id === contact.id}
                      busyLabel={clientUi.inviting}
                      onClick={() => invite.mutate(contact)}
                    >
                      {clientUi.inviteToPortal}
                    </Button>
                  ) : null}
                  <Button variant="ghost" aria-label={clientUi.removeContact(contact.name)} onClick={() => remove.mutate(contact.id)}>
                    ×
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <AddContactForm workspaceId={workspaceId} clientId={client.id} />
        </PanelCard>
        <PanelCard title={clientUi.openTasks}>
          {data.openTasks.length === 0 ? (
            <p className="text-sm text-slate-600">{clientUi.noOpenTasks}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.openTasks.map((task) => (
                <li key={task.id} className="py-2.5">
                  <p className="font-medium text-slate-900">{task.title}</p>
                  <p className="text-xs text-slate-600">
                    {[task.projectName, task.dueDate && clientUi.due(formatDay(task.dueDate)), task.sharedWithClient && clientUi.shared]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </PanelCard>
        <PanelCard title={clientUi.activityWith}>
          {data.activity.length === 0 ? (
            <p className="text-sm text-slate-600">{clientUi.noActivityWith}</p>
          ) : (
            <ActivityList items={data.activity.map((item) => ({ id: item.id, text: item.text, when: timeAgo(item.at) }))} />
          )}
        </PanelCard>
      </div>
    </div>
  );
}
