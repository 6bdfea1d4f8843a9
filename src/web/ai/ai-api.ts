import { API_BASE, type OkResponse } from '#src/shared/accounts/paths.ts';
import { aiPaths, type AiSettingsResponse, type CreatedBatchResponse, type ProposalStreamLine } from '#src/shared/ai/paths.ts';
import type { AiSettingsBody, CreateBatchBody, ProposeBody } from '#src/shared/ai/schemas.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api, ApiError } from '#src/web/lib/api-client.ts';

const NO_BODY = {};
const at = (template: string, workspaceId: string, more: Record<string, string> = {}) =>
  workspacePath(template, { id: workspaceId, ...more });

// The AI Mode page's calls (src/shared/ai/paths.ts). Each rejects with the server's sentence.
export const aiApi = {
  settings: (workspaceId: string) => api<AiSettingsResponse>('GET', at(aiPaths.settings, workspaceId)),
  setEnabled: (workspaceId: string, body: AiSettingsBody) => api<AiSettingsResponse>('PUT', at(aiPaths.settings, workspaceId), body),
  createBatch: (workspaceId: string, body: CreateBatchBody) => api<CreatedBatchResponse>('POST', at(aiPaths.batches, workspaceId), body),
  undoBatch: (workspaceId: string, batchId: string) => api<OkResponse>('DELETE', at(aiPaths.batch, workspaceId, { batchId }), NO_BODY),
  restoreBatch: (workspaceId: string, batchId: string) =>
    api<OkResponse>('POST', at(aiPaths.restoreBatch, workspaceId, { batchId }), NO_BODY),

  // Proposals as the server streams them (NDJSON): `onLine` sees each line as soon as it arrives.
  async propose(workspaceId: string, body: ProposeBody, onLine: (line: ProposalStreamLine) => void, signal: AbortSignal): Promise<void> {
    const response = await fetch(API_BASE + at(aiPaths.proposals, workspaceId), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok || !response.body) {
      const raw = await response.text();
      let message = '';
      try {
        message = (JSON.parse(raw) as { error?: string }).error ?? '';
      } catch {
        // Not JSON: the status speaks.
      }
      throw new ApiError(message || `Request failed (${response.status})`, response.status);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (line) onLine(JSON.parse(line) as ProposalStreamLine);
      }
    }
  },
};
