import { render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { workspaceListQuery } from './my-workspaces-api.ts';
import { QueryProvider } from './query-client.tsx';
import { useWorkspaces } from './workspaces.tsx';

const studio: WorkspaceSummary = { id: 'w1', name: 'Studio', role: 'owner', memberCount: 1, createdAt: '2026-01-01T00:00:00.000Z' };

function Page() {
  const { current } = useWorkspaces();
  return <p>Page in {current?.name}</p>;
}

// The layout reads the list first; the page mounts when the button is pressed.
function Layout({ pageShown }: { pageShown: boolean }) {
  const list = useQuery(workspaceListQuery);
  if (!list.data) return <p>Layout waiting</p>;
  return pageShown ? <Page /> : <p>Layout has the list</p>;
}

function App() {
  const [pageShown, setPageShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setPageShown(true)}>
        Open the page
      </button>
      <Layout pageShown={pageShown} />
    </>
  );
}

// The app with the layout's answer in, and the server's record of how often it was asked for the list.
async function openLayout() {
  const api = fakeApi({ 'GET /api/workspaces': [200, { workspaces: [studio], currentId: 'w1' }] });
  render(
    <QueryProvider>
      <App />
    </QueryProvider>,
  );
  expect(await screen.findByText('Layout has the list')).toBeInTheDocument();
  expect(api.called('GET /api/workspaces')).toHaveLength(1);
  return {
    listed: () => api.called('GET /api/workspaces').length,
    openPage: () => screen.getByRole('button', { name: 'Open the page' }).click(),
  };
}

describe('the workspace list', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is asked once when a page mounts just after the layout read it', async () => {
    const { listed, openPage } = await openLayout();
    openPage();
    expect(await screen.findByText('Page in Studio')).toBeInTheDocument();
    expect(listed()).toBe(1);
  });

  it('is asked again by a page that mounts once the layout’s answer is no longer fresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { listed, openPage } = await openLayout();
    vi.setSystemTime(Date.now() + 5_000);
    openPage();
    expect(await screen.findByText('Page in Studio')).toBeInTheDocument();
    await vi.waitFor(() => expect(listed()).toBe(2));
  });
});
