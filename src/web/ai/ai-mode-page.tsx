import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { aiNotice, aiUi, reportLine, sourceLine } from '#src/shared/ai/messages.ts';
import { ProposeSchema } from '#src/shared/ai/schemas.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useSchemaForm } from '#src/web/lib/use-schema-form.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { workspaceDetailQuery } from '#src/web/lib/my-workspaces-api.ts';
import { Link } from '#src/web/routing/links.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { TextAreaField } from '#src/web/ui/field.tsx';
import { notify } from '#src/web/ui/notify.ts';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { aiApi } from './ai-api.ts';
import { AiToolsCard, settingsKey } from './ai-tools-card.tsx';
import { ProposalCard } from './proposal-card.tsx';
import { draftOf, ReviewSchema } from './review-form.ts';
import { useProposals } from './use-proposals.ts';
import { useProjects } from '#src/web/lib/use-projects.ts';

const TextSchema = ProposeSchema.pick({ text: true });

interface Created {
  batchId: string;
  count: number;
  undone: boolean;
}

function AiWorkspace({ workspaceId }: { workspaceId: string }) {
  const client = useQueryClient();
  const members = useQuery(workspaceDetailQuery(workspaceId));
  const projects = useProjects(workspaceId);
  const [created, setCreated] = useState<Created | null>(null);
  const textForm = useSchemaForm({
    schema: TextSchema,
    defaultValues: { text: '' },
    fallback: aiUi.readFailed,
    // A refused text (too long, empty) is about the box, which keeps what was pasted.
    fieldOf: (error) => (error.status === 400 ? 'text' : null),
    onSubmit: ({ text }) => {
      setCreated(null);
      return start(text);
    },
  });
  const review = useSchemaForm({
    schema: ReviewSchema,
    defaultValues: { proposals: [] },
    fallback: boardUi.createFailed,
    onSubmit: async (values) => {
      const answer = await aiApi.createBatch(workspaceId, { tasks: values.proposals });
      setCreated({ batchId: answer.batchId, count: answer.taskIds.length, undone: false });
      list.replace([]);
      reset();
      void client.invalidateQueries({ queryKey: settingsKey(workspaceId) });
    },
  });
  const list = useFieldArray({ control: review.form.control, name: 'proposals' });
  const { run, start, reset } = useProposals(workspaceId, {
    onProposal: (proposal) => list.append(draftOf(proposal), { shouldFocus: false }),
    onRestart: () => list.replace([]),
  });

  const undo = useMutation({
    mutationFn: (batchId: string) => aiApi.undoBatch(workspaceId, batchId),
    onSuccess: () => {
      setCreated((was) => (was ? { ...was, undone: true } : was));
      notify.success(aiNotice.undone);
    },
    onError: (error) => notify.error(problemText(error, aiUi.readFailed)),
  });

  // The AI Mode panel's New AI Task and AI Tools bring the person to their part of the page.
  const [params] = useSearchParams();
  const focus = params.get('focus');
  useEffect(() => {
    if (focus === 'text') textForm.form.setFocus('text');
    else if (focus === 'tools') document.getElementById('ai-tools')?.scrollIntoView({ block: 'start' });
  }, [focus, textForm.form]);

  const proposing = run.status === 'reading';
  const drafts = useWatch({ control: review.form.control, name: 'proposals' });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <section
          id="new-ai-task"
          aria-labelledby="new-ai-task-title"
          className="rounded-card border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="new-ai-task-title" className="text-base font-semibold text-slate-900">
            {workspaceCopy.panels.aiMode[0]}
          </h2>
          <form className="mt-3 space-y-3" noValidate onSubmit={textForm.submit}>
            <TextAreaField
              label={aiUi.textLabel}
              hint={aiUi.textHint}
              rows={10}
              className="[&_textarea]:font-mono"
              error={textForm.errorOf('text')}
              {...textForm.form.register('text')}
            />
            {textForm.problem ? <Alert tone="error">{textForm.problem}</Alert> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={proposing} busyLabel={aiUi.proposing}>
                {aiUi.propose}
              </Button>
              {run.status !== 'idle' || list.fields.length > 0 ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    reset();
                    list.replace([]);
                    textForm.form.reset({ text: '' });
                  }}
                >
                  {aiUi.clear}
                </Button>
              ) : null}
            </div>
          </form>
        </section>
        <AiToolsCard workspaceId={workspaceId} />
      </div>

      <section aria-labelledby="proposals-title" className="space-y-3">
        <h2 id="proposals-title" className="text-base font-semibold text-slate-900">
          {aiUi.proposalsTitle}
        </h2>
        <div aria-live="polite" className="space-y-2">
          {run.source ? <p className="text-sm text-slate-700">{sourceLine(run.source)}</p> : null}
          {run.report ? <p className="text-sm text-slate-700">{reportLine(run.report, list.fields.length)}</p> : null}
          {run.problem ? <Alert tone="error">{run.problem}</Alert> : null}
          {created ? (
            <Alert tone="success">
              <p>{created.undone ? aiNotice.undone : aiUi.created(created.count)}</p>
              <div className="mt-2 flex flex-wrap gap-3">
                <Link to="/board" className="font-medium underline">
                  {aiUi.openBoard}
                </Link>
                {created.undone ? null : (
                  <button
                    type="button"
                    className="font-medium underline"
                    disabled={undo.isPending}
                    onClick={() => undo.mutate(created.batchId)}
                  >
                    {aiUi.undo}
                  </button>
                )}
              </div>
            </Alert>
          ) : null}
        </div>
        {run.status === 'done' && list.fields.length === 0 ? <p className="text-sm text-slate-600">{aiUi.noProposals}</p> : null}
        {run.status === 'idle' && !created ? <p className="text-sm text-slate-600">{aiUi.emptyState}</p> : null}
        {list.fields.length > 0 ? (
          <form noValidate onSubmit={review.submit} className="space-y-3">
            <ul className="space-y-3" aria-label={aiUi.proposalsTitle}>
              {list.fields.map((field, index) => (
                <ProposalCard
                  key={field.id}
                  index={index}
                  title={drafts[index]?.title ?? ''}
                  projectId={drafts[index]?.projectId ?? ''}
                  register={review.form.register}
                  errors={review.form.formState.errors.proposals}
                  members={members.data?.members ?? []}
                  projects={projects.groups}
                  onDrop={() => list.remove(index)}
                />
              ))}
            </ul>
            {review.problem ? <Alert tone="error">{review.problem}</Alert> : null}
            <Button type="submit" busy={review.busy} busyLabel={aiUi.creating} disabled={proposing}>
              {aiUi.create(list.fields.length)}
            </Button>
          </form>
        ) : null}
        {run.report && run.report.skipped.length > 0 ? (
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer">{aiUi.skippedTitle(run.report.skipped.length)}</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {run.report.skipped.map((skipped, index) => (
                <li key={index}>{skipped.text}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
    </div>
  );
}

// spec 2: the AI Mode page, now doing its job: text in, proposed tasks reviewed, then created together.
export default function AiModePage() {
  const { status, current, error } = useWorkspaces();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeading title={workspaceCopy.aiMode} lead={aiUi.lead} />
      {current ? (
        <AiWorkspace key={current.id} workspaceId={current.id} />
      ) : status === 'error' ? (
        <Alert tone="error">{error}</Alert>
      ) : status === 'ready' ? (
        <p className="text-sm text-slate-600">{boardUi.noWorkspace}</p>
      ) : null}
    </div>
  );
}
