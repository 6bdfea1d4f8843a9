import * as Y from 'yjs';
import { DOC_FRAGMENT } from '#src/shared/docs/paths.ts';

// What search keeps of a long page: enough to find it by any of its words in practice.
export const PROJECTION_MAX_CHARS = 100_000;

function textOf(node: Y.XmlElement | Y.XmlText | Y.XmlHook, lines: string[]): string {
  if (node instanceof Y.XmlText) {
    return (node.toDelta() as { insert: unknown }[]).map((part) => (typeof part.insert === 'string' ? part.insert : '')).join('');
  }
  if (!(node instanceof Y.XmlElement)) return '';
  const inline = node.toArray().map((child) => textOf(child, lines));
  // An element holding text directly is a text block (a paragraph, a heading, a code block): one line.
  if (node.toArray().some((child) => child instanceof Y.XmlText)) {
    lines.push(inline.join(''));
    return '';
  }
  // A mention or another inline atom says what its label says.
  const label = node.getAttribute('label');
  return typeof label === 'string' ? label : '';
}

// The plain text of a page's shared document (Tiptap's ProseMirror tree in a Yjs XML fragment), one
// line per text block, for search: the index never needs the formatting.
export function plainText(doc: Y.Doc): string {
  const lines: string[] = [];
  for (const node of doc.getXmlFragment(DOC_FRAGMENT).toArray()) {
    const loose = textOf(node, lines);
    if (loose !== '') lines.push(loose);
  }
  return lines
    .filter((line) => line.trim() !== '')
    .join('\n')
    .slice(0, PROJECTION_MAX_CHARS);
}
