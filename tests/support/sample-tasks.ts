// Sample board data for the web app's component and state tests: one column, and a task whose fields a
// test overrides as it needs.
import type { Column, Task } from '#src/shared/tasks/paths.ts';

// Ids are uuids, as the request schemas require.
export const sampleColumn: Column = { id: '00000000-0000-4000-8000-0000000000c1', workspaceId: 'w1', name: 'To do', position: 'a0' };

export const sampleTask = (fields: Partial<Task> = {}): Task => ({
  id: 't1',
  key: 'TSR-1',
  number: 1,
  workspaceId: 'w1',
  columnId: sampleColumn.id,
  title: 'Draft copy',
  description: '',
  assignee: null,
  priority: 'medium',
  dueDate: null,
  labels: [],
  projectId: null,
  sharedWithClient: false,
  position: 'a0',
  version: 1,
  createdBy: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});
