// What the docs tests share: a page made over HTTP, and a page opened over the collaboration socket
// the way a browser opens it (Hocuspocus's provider, the person's session cookie, our origin).
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import { afterEach } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_PATH, documentName, DOC_FRAGMENT, type Page } from '#src/shared/docs/paths.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { cookieOf } from '../../../tests/support/tasks.ts';
import type { Person } from '../../../tests/support/workspaces.ts';

export const pagesPath = (workspaceId: string) => `/workspaces/${workspaceId}/pages`;

export async function createPage(p: Person, workspaceId: string, body: Record<string, unknown> = {}): Promise<Page> {
  const answer = await p.c.post(pagesPath(workspaceId), body);
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.page;
}

export interface OpenPage {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  // Resolves once the server's copy has arrived, or with the refusal's reason.
  outcome: Promise<'synced' | string>;
  // Resolves with the close code when the server closes the socket.
  closed: Promise<number>;
  destroy(): void;
}

export function openPage(t: TestApp, p: Person, workspaceId: string, pageId: string, origin = t.url): OpenPage {
  const headers = { cookie: cookieOf(p.c), origin };
  class WithCookie extends WebSocket {
    constructor(address: string) {
      super(address, { headers });
    }
  }
  const doc = new Y.Doc();
  let closedWith: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (closedWith = resolve));
  const socket = new HocuspocusProviderWebsocket({
    url: `${t.url.replace(/^http/, 'ws')}${COLLAB_PATH}`,
    WebSocketPolyfill: WithCookie,
    // A refused socket is not retried in a test: the refusal is the answer.
    maxAttempts: 1,
    autoConnect: false,
    onClose: ({ event }) => closedWith(event.code),
  });
  // A refused or dropped socket rejects the provider's own reconnect attempts; the test reads the
  // refusal from `closed` and `outcome` instead.
  const connect = socket.connect.bind(socket);
  socket.connect = () => connect().catch(() => undefined);
  let settle: (value: string) => void = () => undefined;
  const outcome = new Promise<string>((resolve) => (settle = resolve));
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName(workspaceId, pageId),
    document: doc,
    token: 'session',
    onSynced: () => settle('synced'),
    onAuthenticationFailed: ({ reason }) => settle(reason),
  });
  provider.attach();
  void socket.connect();
  return {
    doc,
    provider,
    outcome,
    closed,
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

// Appends a paragraph the way Tiptap's Collaboration extension writes one.
export function writeParagraph(doc: Y.Doc, words: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(words)]);
  const fragment = doc.getXmlFragment(DOC_FRAGMENT);
  fragment.insert(fragment.length, [paragraph]);
}

export const paragraphs = (doc: Y.Doc) =>
  doc
    .getXmlFragment(DOC_FRAGMENT)
    .toArray()
    .map((node) =>
      (node as Y.XmlElement)
        .toArray()
        .map((text) => (text as Y.XmlText).toString())
        .join(''),
    );

// Opens pages like openPage, and closes every one of them after each test of the describe block.
export function useOpenPages() {
  const opened: OpenPage[] = [];
  afterEach(() => opened.splice(0).forEach((page) => page.destroy()));
  return (...args: Parameters<typeof openPage>): OpenPage => {
    const page = openPage(...args);
    opened.push(page);
    return page;
  };
}
