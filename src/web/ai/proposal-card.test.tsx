import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { aiUi } from '#src/shared/ai/messages.ts';
import type { TaskProposal } from '#src/shared/ai/paths.ts';
import type { Project } from '#src/shared/clients/paths.ts';
import { groupProjects } from '#src/web/lib/use-projects.ts';
import { ProposalCard } from './proposal-card.tsx';
import { draftOf, ReviewSchema, type ReviewOutput, type ReviewValues } from './review-form.ts';

const project = (id: string, name: string): Project => ({
  id,
  workspaceId: 'w1',
  clientId: 'c-acme',
  clientName: 'Acme',
  name,
  status: 'Active',
  value: null,
  startDate: null,
  endDate: null,
});
const site = project('00000000-0000-4000-8000-0000000000a1', 'Website');
const audit = project('00000000-0000-4000-8000-0000000000a2', 'Audit');
const proposal: TaskProposal = {
  title: 'Review the website copy',
  description: '',
  assigneeId: null,
  dueDate: null,
  priority: 'medium',
  labels: [],
  project: { id: site.id, name: 'Website' },
};

function Review({ onCreate }: { onCreate: (values: ReviewOutput) => void }) {
  const form = useForm<ReviewValues, unknown, ReviewOutput>({
    resolver: zodResolver(ReviewSchema),
    defaultValues: { proposals: [draftOf(proposal)] },
  });
  const projectId = useWatch({ control: form.control, name: 'proposals.0.projectId' });
  return (
    <form onSubmit={form.handleSubmit(onCreate)}>
      <ul>
        <ProposalCard
          index={0}
          title={proposal.title}
          projectId={projectId}
          register={form.register}
          errors={form.formState.errors.proposals}
          members={[]}
          projects={groupProjects([site, audit])}
          onDrop={() => undefined}
        />
      </ul>
      <button type="submit">Create</button>
    </form>
  );
}

describe('reviewing a proposal', { timeout: 20_000 }, () => {
  it('shows the project the text named, lets the person change or clear it, and creates with their choice', async () => {
    const onCreate = vi.fn();
    const user = userEvent.setup();
    render(<Review onCreate={onCreate} />);
    const field = screen.getByLabelText(aiUi.projectLabel);
    expect(field).toHaveValue(site.id);
    // The other projects are put in the select when the person reaches for it.
    expect(screen.queryByRole('option', { name: 'Audit' })).toBeNull();
    await user.click(field);
    await user.selectOptions(field, audit.id);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect((onCreate.mock.calls[0]![0] as ReviewOutput).proposals[0]).toMatchObject({ title: proposal.title, projectId: audit.id });

    await user.selectOptions(field, '');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onCreate).toHaveBeenCalledTimes(2));
    expect((onCreate.mock.calls[1]![0] as ReviewOutput).proposals[0]).toMatchObject({ projectId: null });
  });
});
