import type { OkResponse } from '#src/shared/accounts/paths.ts';
import {
  SLACK_EXPORT_CONTENT_TYPE,
  slackImportPaths,
  type SlackImportResponse,
  type SlackImportsResponse,
} from '#src/shared/chat/slack-import-paths.ts';
import { slackImportUi } from '#src/shared/chat/slack-import-messages.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api, apiUpload } from '#src/web/lib/api-client.ts';

const at = (template: string, id: string, importId?: string) => workspacePath(template, { id, ...(importId ? { importId } : {}) });

export const slackImportApi = {
  list: (id: string) => api<SlackImportsResponse>('GET', at(slackImportPaths.imports, id)),
  one: (id: string, importId: string) => api<SlackImportResponse>('GET', at(slackImportPaths.import, id, importId)),
  upload: (id: string, file: File) =>
    apiUpload<SlackImportResponse>(at(slackImportPaths.imports, id), file, SLACK_EXPORT_CONTENT_TYPE, slackImportUi.uploadFailed),
  start: (id: string, importId: string) => api<SlackImportResponse>('POST', at(slackImportPaths.start, id, importId), {}),
  discard: (id: string, importId: string) => api<OkResponse>('DELETE', at(slackImportPaths.import, id, importId), {}),
};

export const slackImportKeys = {
  list: (id: string) => ['apps', id, 'slack-imports'] as const,
  one: (id: string, importId: string) => ['apps', id, 'slack-imports', importId] as const,
};
