import * as Y from 'yjs';
import { DOC_FRAGMENT, MEMBER_MENTION } from '#src/shared/docs/paths.ts';

// What search keeps of a long page: enough to find it by any of its words in practice.
export const PROJECTION_MAX_CHARS = 100_000;

// What one walk of a page's tree gathers: its text blocks, the members its mentions name and the tasks
// its task chips name.
interface Walk {
  lines: string[];
  mentioned: Set<string>;
  tasks: Set<string>;
}

function textOf(node: Y.XmlElement | Y.XmlText | Y.XmlHook, walk: Walk): string {
  if (node instanceof Y.XmlText) {
    return (node.toDelta() as { insert: unknown }[]).map((part) => (typeof part.insert === 'string' ? part.insert : '')).join('');
  }
  if (!(node instanceof Y.XmlElement)) return '';
  // Tiptap's mention atom: `@` + a member, picked as one types (other characters name other things).
  if (node.nodeName === 'mention' && (node.getAttribute('mentionSuggestionChar') ?? MEMBER_MENTION) === MEMBER_MENTION) {
    const id = node.getAttribute('id');
    if (typeof id === 'string') walk.mentioned.add(id);
  }
  if (node.nodeName === 'taskMention') {
    const id = node.getAttribute('id');
    if (typeof id === 'string') walk.tasks.add(id);
  }
  const inline = node.toArray().map((child) => textOf(child, walk));
  // An element holding text directly is a text block (a paragraph, a heading, a code block): one line.
  if (node.toArray().some((child) => child instanceof Y.XmlText)) {
    walk.lines.push(inline.join(''));
    return '';
  }
  // A mention or another inline atom says what its label says.
  const label = node.getAttribute('label');
  return typeof label === 'string' ? label : '';
}

// A page's shared document (Tiptap's ProseMirror tree in a Yjs XML fragment) as the server keeps it: its
// plain text, one line per text block, for search (the index never needs the formatting), the members
// it mentions, to tell them, and the tasks it mentions, to link them. One walk serves all three, as
// every write of the page asks for all three.
export function projectPage(doc: Y.Doc): { text: string; mentioned: string[]; tasks: string[] } {
  const walk: Walk = { lines: [], mentioned: new Set(), tasks: new Set() };
  for (const node of doc.getXmlFragment(DOC_FRAGMENT).toArray()) {
    const loose = textOf(node, walk);
    if (loose !== '') walk.lines.push(loose);
  }
  const text = walk.lines
    .filter((line) => line.trim() !== '')
    .join('\n')
    .slice(0, PROJECTION_MAX_CHARS);
  return { text, mentioned: [...walk.mentioned], tasks: [...walk.tasks] };
}

export const plainText = (doc: Y.Doc): string => projectPage(doc).text;
