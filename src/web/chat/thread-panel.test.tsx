import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chatText } from '#src/shared/chat/messages.ts';
import type { ChatMessage, ThreadResponse } from '#src/shared/chat/paths.ts';
import { newQueryClient } from '#src/web/lib/query-client.tsx';
import { apiServer } from '../../../tests/support/api-server.ts';
import { chatMessage } from '../../../tests/support/chat-message.ts';
import { ThreadPanel } from './thread-panel.tsx';

const REPLIES_URL = '/api/workspaces/w1/chat/channels/c1/messages/m1/replies';

const message = (id: string, body: string, extra: Partial<ChatMessage> = {}): ChatMessage =>
  chatMessage({ id, authorId: 'u1', body, parentId: 'm1', ...extra });
const parent = message('m1', 'Where do we ship?', { parentId: null, replyCount: 4 });

// Four replies in two pages: the latest two first, the earlier two behind the cursor "r3".
function serveThread() {
  const asked: (string | null)[] = [];
  apiServer.use(
    http.get(REPLIES_URL, ({ request }) => {
      const before = new URL(request.url).searchParams.get('before');
      asked.push(before);
      const page: ThreadResponse =
        before === 'r3'
          ? { parent, replies: [message('r1', 'Reply one'), message('r2', 'Reply two')], following: true, olderCursor: null }
          : { parent, replies: [message('r3', 'Reply three'), message('r4', 'Reply four')], following: true, olderCursor: 'r3' };
      return HttpResponse.json(page);
    }),
  );
  return asked;
}

function show() {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <ThreadPanel
        workspaceId="w1"
        channelId="c1"
        messageId="m1"
        members={[]}
        isOwner={false}
        typingLine={null}
        renderMessage={(shown) => <p>{shown.body}</p>}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('a thread beside the channel', () => {
  it('opens on the latest replies and shows the earlier ones above them on request, oldest first', async () => {
    const asked = serveThread();
    show();
    const list = await screen.findByRole('list', { name: chatText.replies(4) });
    expect(
      within(list)
        .getAllByRole('paragraph')
        .map((reply) => reply.textContent),
    ).toEqual(['Reply three', 'Reply four']);
    expect(screen.getByText('Where do we ship?')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: chatText.earlierReplies }));
    await within(list).findByText('Reply one');
    expect(
      within(list)
        .getAllByRole('paragraph')
        .map((reply) => reply.textContent),
    ).toEqual(['Reply one', 'Reply two', 'Reply three', 'Reply four']);
    expect(asked).toEqual([null, 'r3']);
    // The first reply is shown: nothing earlier to ask for.
    expect(screen.queryByRole('button', { name: chatText.earlierReplies })).not.toBeInTheDocument();
  });
});
