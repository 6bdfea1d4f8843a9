import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { quickAddUi } from '#src/shared/ai/messages.ts';
import type { WorkspaceMember } from '#src/shared/workspaces/paths.ts';
import { QuickAddField } from './quick-add-field.tsx';
import { blankDraft, type TaskDraft } from './task-draft.ts';

const ben: WorkspaceMember = {
  userId: '00000000-0000-4000-8000-00000000000b',
  name: 'Ben Okafor',
  email: 'ben@example.com',
  role: 'member',
  joinedAt: '2026-01-01T00:00:00.000Z',
  picture: null,
};

function Harness({ seen }: { seen: TaskDraft[] }) {
  const [draft, setDraft] = useState(blankDraft);
  return (
    <QuickAddField
      draft={draft}
      members={[ben]}
      onChange={(next) => {
        seen.push(next);
        setDraft(next);
      }}
    />
  );
}

describe('quick add', () => {
  it('marks the recognised parts as the task is typed and fills the form with them', async () => {
    const seen: TaskDraft[] = [];
    render(<Harness seen={seen} />);
    await userEvent.type(screen.getByLabelText(quickAddUi.label), 'Fix login bug tomorrow @ben #bugs !high');
    const marks = [...screen.getByTestId('quick-add-preview').querySelectorAll('mark')].map((mark) => [mark.title, mark.textContent]);
    expect(marks).toEqual([
      [quickAddUi.kinds.date, 'tomorrow'],
      [quickAddUi.kinds.assignee, '@ben'],
      [quickAddUi.kinds.label, '#bugs'],
      [quickAddUi.kinds.priority, '!high'],
    ]);
    expect(seen.at(-1)).toMatchObject({ title: 'Fix login bug', assigneeId: ben.userId, priority: 'high', labels: 'bugs' });
    expect(seen.at(-1)!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
