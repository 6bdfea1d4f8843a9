// The Slack import: the API both sides share. Paths are relative to API_BASE.
import type { z } from 'zod';
import type {
  SlackImportChannelSchema,
  SlackImportPreviewSchema,
  SlackImportResponseSchema,
  SlackImportSchema,
  SlackImportsResponseSchema,
} from './responses.ts';

// What an upload may be: the zip as sent, and what it may unpack to (counted byte by byte as it is read,
// never taken from the archive's own headers).
export const SLACK_EXPORT_MAX_BYTES = 50 * 1024 * 1024;
export const SLACK_EXPORT_MAX_UNPACKED_BYTES = 500 * 1024 * 1024;
export const SLACK_EXPORT_MAX_FILE_BYTES = 16 * 1024 * 1024;
export const SLACK_EXPORT_MAX_ENTRIES = 50_000;
// The body's type: an upload is the zip's bytes, never a form.
export const SLACK_EXPORT_CONTENT_TYPE = 'application/zip';

export const slackImportPaths = {
  // GET: this workspace's latest imports (SlackImportsResponse); POST: upload an export (the zip's bytes,
  // Content-Type application/zip), answered with its dry-run preview (SlackImportResponse, 201).
  imports: '/workspaces/:id/chat/slack-imports',
  // GET: one import and its progress; DELETE: discard one that is not running.
  import: '/workspaces/:id/chat/slack-imports/:importId',
  // POST, body {}: import it (a background job).
  start: '/workspaces/:id/chat/slack-imports/:importId/start',
} as const;

export const SLACK_IMPORT_STATUSES = ['previewed', 'queued', 'running', 'done', 'failed'] as const;
export type SlackImportStatus = (typeof SLACK_IMPORT_STATUSES)[number];

export type SlackImportChannel = z.infer<typeof SlackImportChannelSchema>;
// The dry run: what the import would bring, before anything is written.
export type SlackImportPreview = z.infer<typeof SlackImportPreviewSchema>;
export type SlackImport = z.infer<typeof SlackImportSchema>;
export type SlackImportResponse = z.infer<typeof SlackImportResponseSchema>;
export type SlackImportsResponse = z.infer<typeof SlackImportsResponseSchema>;
