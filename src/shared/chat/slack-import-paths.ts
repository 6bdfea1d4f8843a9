// The Slack import: the API both sides share. Paths are relative to API_BASE.

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

export type SlackImportStatus = 'previewed' | 'queued' | 'running' | 'done' | 'failed';

export interface SlackImportChannel {
  slackName: string;
  // The channel it lands in: the one an earlier import made, or a new one under this name.
  name: string;
  messages: number;
  existing: boolean;
}

// The dry run: what the import would bring, before anything is written.
export interface SlackImportPreview {
  channels: SlackImportChannel[];
  messages: number;
  threads: number;
  reactions: number;
  // People who wrote or reacted: matched to a member by email, or shown under their Slack names.
  matchedPeople: number;
  unmatchedPeople: number;
  // Channel joins, topic changes and other Slack notices, left out.
  skipped: number;
  // Messages longer than a chat message may be, cut to fit.
  shortened: number;
  // Messages an earlier import brought already; importing them again changes nothing.
  alreadyImported: number;
}

export interface SlackImport {
  id: string;
  fileName: string;
  status: SlackImportStatus;
  preview: SlackImportPreview;
  totalMessages: number;
  processedMessages: number;
  importedMessages: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface SlackImportResponse {
  import: SlackImport;
}
export interface SlackImportsResponse {
  imports: SlackImport[];
}
