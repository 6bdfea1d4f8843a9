import { useId, useState } from 'react';
import { quickAddUi } from '#src/shared/ai/messages.ts';
import { parseLine, type Span } from '#src/shared/ai/parse-line.ts';
import { TASK_TITLE_MAX } from '#src/shared/tasks/paths.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import type { ProjectChoice } from '#src/shared/clients/paths.ts';
import { projectNames } from '#src/shared/clients/project-names.ts';
import { cn } from '#src/web/ui/cn.ts';
import { QuickAddMarks } from '#src/web/ui/quick-add-marks.tsx';
import { controlClass } from '#src/web/ui/control-class.ts';
import type { TaskDraft } from './task-draft.ts';

// Quick add (AI task creation): the task typed as one sentence fills the form as it is typed, the
// parts it recognised marked before Enter creates it. The parser is the one AI Mode uses without a model.
export function QuickAddField({
  draft,
  onChange,
  members,
  projects = [],
}: {
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  members: WorkspaceMember[];
  projects?: readonly ProjectChoice[];
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [spans, setSpans] = useState<Span[]>([]);

  function read(value: string) {
    setText(value);
    const parsed = parseLine(value, {
      now: Date.now(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      members: members.map((member) => ({ id: member.userId, name: member.name, email: member.email })),
      projects: projectNames(projects),
    });
    setSpans(parsed.spans);
    onChange({
      ...draft,
      title: parsed.title,
      assigneeId: parsed.assigneeId ?? '',
      dueDate: parsed.dueDate ?? '',
      priority: parsed.priority,
      labels: parsed.labels.join(', '),
      projectId: parsed.project?.id ?? '',
      sharedWithClient: parsed.project ? draft.sharedWithClient : false,
    });
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {quickAddUi.label}
      </label>
      <input
        id={id}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        maxLength={TASK_TITLE_MAX * 2}
        className={cn(controlClass, 'w-full')}
        value={text}
        onChange={(event) => read(event.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
        {quickAddUi.hint}
      </p>
      {spans.length > 0 ? (
        <p className="mt-1.5 text-sm break-words text-slate-700" data-testid="quick-add-preview">
          <span className="sr-only">{quickAddUi.recognised}: </span>
          <QuickAddMarks text={text} spans={spans} />
        </p>
      ) : null}
    </div>
  );
}
