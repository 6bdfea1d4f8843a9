import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, MessagesResponse } from '#src/shared/chat/paths.ts';
import type { LiveEvent } from '#src/shared/tasks/paths.ts';
import { newQueryClient } from '#src/web/lib/query-client.tsx';
import { apiServer } from '../../../tests/support/api-server.ts';
import { chatMessage } from '../../../tests/support/chat-message.ts';
import { FakeEventSource } from '../../../tests/support/fake-event-source.ts';
import { useChatLive } from './use-chat-live.ts';
import { useHistory } from './use-history.ts';

const MESSAGES_URL = '/api/workspaces/w1/chat/channels/c1/messages';

const message = (seq: number, body: string): ChatMessage => chatMessage({ id: `m${seq}`, seq, body });

function hear(event: Partial<LiveEvent>) {
  const data = JSON.stringify({ id: '1', workspaceId: 'w1', actorId: 'u2', occurredAt: '2026-11-24T10:00:00.000Z', ...event });
  act(() => FakeEventSource.stillOpen().forEach((source) => source.send(data)));
}

// The channel's latest page (newest first), and how many times it was read.
function serveChannel(pages: MessagesResponse[]) {
  const reads: number[] = [];
  apiServer.use(
    http.get(MESSAGES_URL, () => {
      reads.push(reads.length);
      return HttpResponse.json(pages[Math.min(reads.length - 1, pages.length - 1)]);
    }),
    http.post('/api/workspaces/w1/chat/presence', () => HttpResponse.json({ ok: true, message: '' })),
  );
  return reads;
}

function Channel() {
  useChatLive('w1', 'u1');
  const { messages } = useHistory('w1', 'c1', null);
  return (
    <ol aria-label="History">
      {messages.map((shown) => (
        <li key={shown.id}>{shown.body}</li>
      ))}
    </ol>
  );
}

const shown = () =>
  within(screen.getByRole('list', { name: 'History' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('a channel’s history kept by the live stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('appends a new message from its event without reading the channel again', async () => {
    const reads = serveChannel([{ messages: [message(7, 'Second'), message(3, 'First')], nextCursor: null }]);
    render(
      <QueryClientProvider client={newQueryClient()}>
        <Channel />
      </QueryClientProvider>,
    );
    await screen.findByText('Second');
    hear({ type: 'chat.message', channelId: 'c1', message: message(12, 'Third, live'), previousSeq: 7 });
    expect(shown()).toEqual(['First', 'Second', 'Third, live']);
    // The same message heard twice (a second stream of the page) is shown once.
    hear({ type: 'chat.message', channelId: 'c1', message: message(12, 'Third, live'), previousSeq: 7 });
    hear({ type: 'chat.message', channelId: 'other', message: { ...message(13, 'Elsewhere'), channelId: 'other' }, previousSeq: null });
    expect(shown()).toEqual(['First', 'Second', 'Third, live']);
    expect(reads).toHaveLength(1);
  });

  it('reads the channel again when the message does not follow the newest it has (one was missed)', async () => {
    const reads = serveChannel([
      { messages: [message(7, 'Second'), message(3, 'First')], nextCursor: null },
      { messages: [message(14, 'Fourth'), message(12, 'Missed third'), message(7, 'Second'), message(3, 'First')], nextCursor: null },
    ]);
    render(
      <QueryClientProvider client={newQueryClient()}>
        <Channel />
      </QueryClientProvider>,
    );
    await screen.findByText('Second');
    hear({ type: 'chat.message', channelId: 'c1', message: message(14, 'Fourth'), previousSeq: 12 });
    await screen.findByText('Missed third');
    expect(shown()).toEqual(['First', 'Second', 'Missed third', 'Fourth']);
    expect(reads).toHaveLength(2);
  });
});
