import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { aiNotice, aiUi, reportLine, sourceLine } from '#src/shared/ai/messages.ts';
import { ProposeSchema } from '#src/shared/ai/schemas.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { myWorkspacesApi } from '#src/web/lib/my-workspaces-api.ts';
import { Link } from '#src/web/routing/links.tsx';
import { useSearchParams } from '#src/web/routing/params.tsx';
import { Alert } from '#src/web/ui/alert.tsx';
import { Button } from '#src/web/ui/button.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { controlClass } from '#src/web/ui/control-class.ts';
import { notify } from '#src/web/ui/notify.ts';
import { PageHeading } from '#src/web/ui/panel-card.tsx';
import { aiApi } from './ai-api.ts';
import { AiToolsCard, settingsKey } from './ai-tools-card.tsx';
import { ProposalCard } from './proposal-card.tsx';
import { draftOf, ReviewSchema, type ReviewOutput, type ReviewValues } from './review-form.ts';
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
  const members = useQuery({ queryKey: ['workspace', workspaceId], queryFn: () => myWorkspacesApi.detail(workspaceId) });
  const projects = useProjects(workspaceId);
  const textForm = useForm<z.input<typeof TextSchema>>({ resolver: zodResolver(TextSchema), defaultValues: { text: '' } });
  const review = useForm<ReviewValues, unknown, ReviewOutput>({ resolver: zodResolver(ReviewSchema), defaultValues: { proposals: [] } });
  const list = useFieldArray({ control: review.control, name: 'proposals' });
  const [created, setCreated] = useState<Created | null>(null);
  const { run, start, reset } = useProposals(workspaceId, {
    onProposal: (proposal) => list.append(draftOf(proposal), { shouldFocus: false }),
    onRestart: () => list.replace([]),
  });

  const create = useMutation({
    mutationFn: (values: ReviewOutput) => aiApi.createBatch(workspaceId, { tasks: values.proposals }),
    onSuccess: (answer) => {
      setCreated({ batchId: answer.batchId, count: answer.taskIds.length, undone: false });
      list.replace([]);
      reset();
      void client.invalidateQueries({ queryKey: settingsKey(workspaceId) });
    },
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
    if (focus === 'text') textForm.setFocus('text');
    else if (focus === 'tools') document.getElementById('ai-tools')?.scrollIntoView({ block: 'start' });
  }, [focus, textForm]);

  const proposing = run.status === 'reading';
  const titles = useWatch({ control: review.control, name: 'proposals' });
  const textError = textForm.formState.errors.text?.message;

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
          <form
            className="mt-3 space-y-3"
            noValidate
            onSubmit={textForm.handleSubmit(({ text }) => {
              setCreated(null);
              void start(text);
            })}
          >
            <label htmlFor="ai-text" className="block text-sm font-medium text-slate-700">
              {aiUi.textLabel}
            </label>
            <textarea
              id="ai-text"
              rows={10}
              aria-describedby={textError ? 'ai-text-hint ai-text-error' : 'ai-text-hint'}
              aria-invalid={textError ? true : undefined}
              className={cn(controlClass, 'block w-full font-mono text-sm')}
              {...textForm.register('text')}
            />
            <p id="ai-text-hint" className="text-xs text-slate-600">
              {aiUi.textHint}
            </p>
            {textError ? (
              <p id="ai-text-error" className="text-sm text-red-700">
                {textError}
              </p>
            ) : null}
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
                    textForm.reset({ text: '' });
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
          <form noValidate onSubmit={review.handleSubmit((values) => create.mutate(values))} className="space-y-3">
            <ul className="space-y-3" aria-label={aiUi.proposalsTitle}>
              {list.fields.map((field, index) => (
                <ProposalCard
                  key={field.id}
                  index={index}
                  title={titles[index]?.title ?? ''}
                  register={review.register}
                  errors={review.formState.errors.proposals}
                  members={members.data?.members ?? []}
                  projects={projects.groups}
                  onDrop={() => list.remove(index)}
                />
              ))}
            </ul>
            {create.isError ? <Alert tone="error">{problemText(create.error, boardUi.createFailed)}</Alert> : null}
            <Button type="submit" busy={create.isPending} busyLabel={aiUi.creating} disabled={proposing}>
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
