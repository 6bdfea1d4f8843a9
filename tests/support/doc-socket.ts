// A docs page opened over the collaboration socket the way a browser opens it (Hocuspocus's provider,
// the person's session cookie, our origin), and paragraphs written the way the editor writes them. Used
// by the server tests and by the stress suite's crash test, which run against different servers.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { COLLAB_PATH, documentName, DOC_FRAGMENT } from '#src/shared/docs/paths.ts';

export interface OpenPage {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  // Resolves once the server's copy has arrived, or with the refusal's reason.
  outcome: Promise<'synced' | string>;
  // Resolves with the close code when the server closes the socket.
  closed: Promise<number>;
  destroy(): void;
}

export interface PageSocketTarget {
  // The server's base URL, e.g. http://127.0.0.1:4310.
  url: string;
  cookie: string;
  workspaceId: string;
  pageId: string;
  origin?: string;
}

export function connectPage({ url, cookie, workspaceId, pageId, origin = url }: PageSocketTarget): OpenPage {
  const headers = { cookie, origin };
  class WithCookie extends WebSocket {
    constructor(address: string) {
      super(address, { headers });
    }
  }
  const doc = new Y.Doc();
  let closedWith: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (closedWith = resolve));
  const socket = new HocuspocusProviderWebsocket({
    url: `${url.replace(/^http/, 'ws')}${COLLAB_PATH}`,
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

// Appends a paragraph that mentions a member, as the editor's @ picker writes one.
export function writeMention(doc: Y.Doc, before: string, member: { id: string; name: string }): void {
  const mention = new Y.XmlElement('mention');
  mention.setAttribute('id', member.id);
  mention.setAttribute('label', member.name);
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(before), mention]);
  const fragment = doc.getXmlFragment(DOC_FRAGMENT);
  fragment.insert(fragment.length, [paragraph]);
}

// Appends a paragraph with a task's chip, as the editor's # picker writes one.
export function writeTaskMention(doc: Y.Doc, before: string, task: { id: string; key: string }): void {
  const chip = new Y.XmlElement('taskMention');
  chip.setAttribute('id', task.id);
  chip.setAttribute('label', task.key);
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(before), chip]);
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
