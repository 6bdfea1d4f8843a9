import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '#src/shared/chat/paths.ts';
import type { WorkspaceSummary } from '#src/shared/workspaces/paths.ts';
import { newQueryClient, QueryProvider } from '#src/web/lib/query-client.tsx';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import { chatMessage } from '../../../tests/support/chat-message.ts';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';
import ChatPage from './chat-page.tsx';

vi.mock('#src/web/lib/session.tsx', () => ({ useSession: () => ({ user: { id: 'u-ada' } }) }));

const CHANNELS = '/api/workspaces/w1/chat/channels';
const MESSAGES = '/api/workspaces/w1/chat/channels/c-design/messages';
const workspace: WorkspaceSummary = { id: 'w1', name: 'Studio', role: 'owner', memberCount: 2, createdAt: '2026-01-01T00:00:00.000Z' };
const channel = (id: string, name: string): Channel => ({
  id,
  kind: 'channel',
  name,
  dmWith: [],
  private: false,
  archived: false,
  joined: true,
  unread: 0,
  lastReadSeq: null,
  createdBy: null,
});
// (The list is virtual: jsdom, which lays nothing out, draws none of its messages.)
const message = chatMessage({
  channelId: 'c-design',
  authorId: 'u-bo',
  authorName: 'Bo Member',
  body: 'The new logo is in the shared folder',
});

const chatApi = () =>
  fakeApi({
    'GET /api/workspaces': [200, { workspaces: [workspace], currentId: 'w1' }],
    [`GET ${CHANNELS}`]: [200, { channels: [channel('c-general', 'general'), channel('c-design', 'design')], unreadTotal: 0 }],
    [`GET ${MESSAGES}`]: [200, { messages: [message], nextCursor: null }],
    'GET /api/workspaces/w1': [200, { workspace, members: [], invitations: [] }],
    'POST /api/workspaces/w1/chat/presence': [200, { ok: true, message: '' }],
  });

function openChat(address: string) {
  render(
    <RouterProvider history={memoryHistory(address)}>
      <QueryProvider>
        <ChatPage />
      </QueryProvider>
    </RouterProvider>,
  );
}

describe('the chat page opening a channel', { timeout: 20_000 }, () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it('reads the channel its address names beside the channel list, not after it, and only once', async () => {
    const api = chatApi();
    // The channel list is held on its way until the messages have been asked for.
    const answer = globalThis.fetch;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === CHANNELS) await held;
      return answer(url, init);
    });

    openChat('/chat?channel=c-design');
    await waitFor(() => expect(api.called(`GET ${MESSAGES}`)).toHaveLength(1));
    expect(api.called(`GET ${CHANNELS}`)).toHaveLength(0);
    release();

    // The channel's view mounts on the answer already there: it does not read the channel again.
    expect(await screen.findByRole('textbox', { name: 'Message #design' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.called(`GET ${CHANNELS}`)).toHaveLength(1);
    expect(api.called(`GET ${MESSAGES}`)).toHaveLength(1);
    // The members the page and the channel's view both show come from one read.
    expect(api.called('GET /api/workspaces/w1')).toHaveLength(1);
  });

  it('reads the channel again when the person comes back to the page, however soon: away, no live stream kept it current', async () => {
    const api = chatApi();
    const client = newQueryClient();
    const page = (shown: boolean) => (
      <RouterProvider history={memoryHistory('/chat?channel=c-design')}>
        <QueryClientProvider client={client}>{shown ? <ChatPage /> : null}</QueryClientProvider>
      </RouterProvider>
    );
    const { rerender } = render(page(true));
    await screen.findByRole('textbox', { name: 'Message #design' });
    rerender(page(false));
    rerender(page(true));
    await screen.findByRole('textbox', { name: 'Message #design' });
    await waitFor(() => expect(api.called(`GET ${MESSAGES}`)).toHaveLength(2));
  });
});
