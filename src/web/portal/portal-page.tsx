import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clientUi } from '#src/shared/clients/messages.ts';
import type { PortalTask } from '#src/shared/clients/paths.ts';
import { AddCommentSchema } from '#src/shared/tasks/schemas.ts';
import { formatDate, formatDateTime, formatDay } from '#src/web/lib/format-time.ts';
import { portalApi, portalKeys } from '#src/web/lib/portal-api.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextAreaField } from '#src/web/ui/field.tsx';
import { GenericLoader } from '#src/web/ui/loaders.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PageHeading, PanelCard } from '#src/web/ui/panel-card.tsx';
import { StatusBadge } from '#src/web/ui/status-badge.tsx';

// The client portal (spec 1): a client's contact sees their projects and the work shared with them,
// comments on it and approves it. Nothing else of the workspace reaches this page.
export default function PortalPage() {
  const mine = useQuery({ queryKey: portalKeys.mine, queryFn: portalApi.mine });
  const workspaceId = mine.data?.portals[0]?.workspaceId ?? null;
  const home = useQuery({
    queryKey: portalKeys.home(workspaceId ?? ''),
    queryFn: () => portalApi.home(workspaceId!),
    enabled: workspaceId !== null,
  });
  if (mine.isError || home.isError) return <p role="alert">{clientUi.loadFailed}</p>;
  if (mine.data && !workspaceId)
    return (
      <div className="mx-auto max-w-4xl space-y-6">
        <PageHeading title={clientUi.portalHeading} />
        <p className="text-sm text-slate-700">{clientUi.portalNone}</p>
      </div>
    );
  if (!home.data || !workspaceId) return <GenericLoader text={clientUi.loading} />;
  const { client, projects, tasks, workspaceName } = home.data;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeading title={clientUi.portalTitle(client.name)} lead={clientUi.portalLead(workspaceName)} />
      <PanelCard title={clientUi.portalProjects}>
        {projects.length === 0 ? <p className="text-sm text-slate-600">{clientUi.noProjects}</p> : null}
        <ul className="divide-y divide-slate-100">
          {projects.map((project) => (
            <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="font-medium text-slate-900">{project.name}</span>
              <span className="flex items-center gap-3 text-xs text-slate-600">
                {[project.startDate && formatDay(project.startDate), project.endDate && formatDay(project.endDate)]
                  .filter(Boolean)
                  .join(' – ')}
                <StatusBadge value={project.status} />
              </span>
            </li>
          ))}
        </ul>
      </PanelCard>
      <PanelCard title={clientUi.portalTasks}>
        {tasks.length === 0 ? <p className="text-sm text-slate-600">{clientUi.portalNoTasks}</p> : null}
        <ul className="space-y-4">
          {tasks.map((task) => (
            <SharedTask key={task.id} workspaceId={workspaceId} task={task} />
          ))}
        </ul>
      </PanelCard>
    </div>
  );
}

const CommentForm = AddCommentSchema.omit({ forClient: true });

function SharedTask({ workspaceId, task }: { workspaceId: string; task: PortalTask }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const comments = useQuery({
    queryKey: portalKeys.comments(workspaceId, task.id),
    queryFn: () => portalApi.comments(workspaceId, task.id),
    enabled: open,
  });
  const approve = useMutation({
    mutationFn: () => portalApi.approve(workspaceId, task.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: portalKeys.home(workspaceId) });
      notify.success(clientUi.approvedToast);
    },
    onError: (error) => notify.error(problemText(error, clientUi.loadFailed)),
  });
  const { form, submit, busy, problem, errorOf } = useSchemaForm({
    schema: CommentForm,
    defaultValues: { body: '' },
    fallback: clientUi.loadFailed,
    // A refused comment (too long, characters not allowed) is about the box, which keeps what was written.
    fieldOf: (error) => (error.status === 400 ? 'body' : null),
    onSubmit: async (values) => {
      await portalApi.comment(workspaceId, task.id, values.body);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: portalKeys.comments(workspaceId, task.id) });
    },
  });
  const commentsId = `comments-${task.id}`;
  return (
    <li className="rounded-card border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{task.title}</h3>
          <p className="text-xs text-slate-600">
            {[task.projectName, task.dueDate && clientUi.due(formatDay(task.dueDate))].filter(Boolean).join(' · ')}
          </p>
        </div>
        <StatusBadge value={task.status} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {task.approval ? (
          <p className="text-sm font-medium text-green-800">{clientUi.approvedBy(task.approval.by, formatDate(task.approval.at))}</p>
        ) : (
          <Button busy={approve.isPending} busyLabel={clientUi.approving} onClick={() => approve.mutate()}>
            {clientUi.approve}
          </Button>
        )}
        <Button variant="secondary" aria-expanded={open} aria-controls={commentsId} onClick={() => setOpen((was) => !was)}>
          {clientUi.comments}
        </Button>
      </div>
      {open ? (
        <section id={commentsId} aria-label={clientUi.showComments(task.title)} className="mt-4 space-y-3">
          {comments.data?.comments.length === 0 ? <p className="text-sm text-slate-600">{clientUi.noComments}</p> : null}
          <ul className="space-y-2">
            {comments.data?.comments.map((comment) => (
              <li key={comment.id} className="rounded-control bg-slate-50 p-3 text-sm">
                <p className="text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">{comment.author}</span> · {formatDateTime(comment.createdAt)}
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-800">{comment.body}</p>
              </li>
            ))}
          </ul>
          <form noValidate onSubmit={submit} className="space-y-2">
            <TextAreaField label={clientUi.yourComment} rows={3} error={errorOf('body')} {...form.register('body')} />
            {problem ? <Alert tone="error">{problem}</Alert> : null}
            <Button type="submit" variant="secondary" busy={busy} busyLabel={clientUi.sending}>
              {clientUi.send}
            </Button>
          </form>
        </section>
      ) : null}
    </li>
  );
}
