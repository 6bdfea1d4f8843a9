import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { securityUi } from '#src/shared/account-security/messages.ts';
import type { AccountExportInfo } from '#src/shared/account-security/paths.ts';
import { newQueryClient } from '#src/web/lib/query-client.tsx';
import { ExportSection } from './account-data-section.tsx';

const pending: AccountExportInfo = {
  id: '00000000-0000-4000-8000-0000000000e1',
  status: 'pending',
  requestedAt: '2026-11-24T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
};
const ready: AccountExportInfo = {
  ...pending,
  id: '00000000-0000-4000-8000-0000000000e2',
  status: 'ready',
  readyAt: '2026-11-24T10:00:05.000Z',
  expiresAt: '2026-11-25T10:00:05.000Z',
  sizeBytes: 1234,
};

// The server as the section sees it: the list it answers, and the requests it was sent.
function server(initial: AccountExportInfo[]) {
  const state = { exports: initial, asked: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        state.asked += 1;
        state.exports = [pending];
        return new Response(JSON.stringify({ export: pending }), { status: 202 });
      }
      return new Response(JSON.stringify({ exports: state.exports }), { status: 200 });
    }),
  );
  return state;
}

function show() {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <ExportSection />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the data export section', () => {
  it('says what to do when there is no export, asks for one, and shows it being made', async () => {
    const state = server([]);
    show();
    expect(await screen.findByText(securityUi.exportNone)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: securityUi.exportButton }));
    expect(await screen.findByText(securityUi.exportPending)).toBeTruthy();
    expect(state.asked).toBe(1);
    // One at a time: no second request while this one is being made.
    await waitFor(() => expect((screen.getByRole('button', { name: securityUi.exportButton }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('offers a ready export as a download until it expires, and says when one failed', async () => {
    server([ready, { ...pending, id: '00000000-0000-4000-8000-0000000000e3', status: 'failed' }]);
    show();
    const link = await screen.findByRole('link', { name: securityUi.exportDownload });
    expect(link.getAttribute('href')).toBe(`/api/account/exports/${ready.id}/download`);
    expect(screen.getByText(/^Ready\. Download it before /)).toBeTruthy();
    expect(screen.getByText(securityUi.exportFailed)).toBeTruthy();
    expect((screen.getByRole('button', { name: securityUi.exportButton }) as HTMLButtonElement).disabled).toBe(false);
  });
});
