// AI task creation (spec 1 "AI task creation"; the AI Mode page): text in, proposed tasks out, reviewed
// by a person, then created together. Paths are relative to API_BASE, filled with workspacePath().
import type { z } from 'zod';
import type { TaskPriority } from '#src/shared/tasks/paths.ts';
import type { AiSettingsResponseSchema, CreatedBatchResponseSchema } from './responses.ts';

// What one request may paste: meeting notes or a long email, not a book.
export const AI_TEXT_MAX = 20_000;
// Tasks proposed from one text, and created in one action.
export const PROPOSALS_MAX = 50;
export const TIME_ZONE_MAX = 64;

export const aiPaths = {
  // POST { text, timeZone } → NDJSON, one ProposalStreamLine per line (proposals as they arrive).
  proposals: '/workspaces/:id/ai/proposals',
  // POST { tasks: [...] } → CreatedBatchResponse: every task created in one transaction.
  batches: '/workspaces/:id/ai/batches',
  // DELETE {}: undo a batch (its tasks deleted, restorable); POST …/restore {}: bring them back.
  batch: '/workspaces/:id/ai/batches/:batchId',
  restoreBatch: '/workspaces/:id/ai/batches/:batchId/restore',
  // GET: AiSettingsResponse; PUT { enabled } (owners): the workspace's switch for the model.
  settings: '/workspaces/:id/ai/settings',
} as const;

export interface NamedRef {
  id: string;
  name: string;
}

// One proposed task, as the review list edits it and the batch endpoint receives it.
export interface TaskProposal {
  title: string;
  description: string;
  assigneeId: string | null;
  // 'YYYY-MM-DD' in the person's zone.
  dueDate: string | null;
  priority: TaskPriority;
  labels: string[];
  // A project or client named in the text, when the workspace has them.
  project: NamedRef | null;
}

export type SkipReason = 'no-action' | 'empty' | 'too-many';

// What the parser did with the text, so the page can say it.
export interface ParseReport {
  // Lines and sentences read.
  lines: number;
  skipped: Array<{ text: string; reason: SkipReason }>;
  assignees: number;
  dueDates: number;
  labels: number;
  priorities: number;
}

// Who wrote the proposals: the configured model, or the parser (with why, when a model exists).
export type ProposalSource =
  | { kind: 'model'; model: string }
  | { kind: 'parser'; reason: 'not-configured' | 'turned-off' | 'daily-limit' | 'model-failed' | 'model-timeout' | 'model-busy' };

export type ProposalStreamLine =
  | { type: 'source'; source: ProposalSource }
  | { type: 'proposal'; proposal: TaskProposal }
  // The model failed part-way: what it proposed so far is dropped and the parser's list follows.
  | { type: 'restart'; source: ProposalSource }
  | { type: 'done'; report: ParseReport | null }
  | { type: 'error'; error: string };

export type CreatedBatchResponse = z.infer<typeof CreatedBatchResponseSchema>;

export type AiSettingsResponse = z.infer<typeof AiSettingsResponseSchema>;
