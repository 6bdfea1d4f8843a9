import { getSchema, type JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { prosemirrorJSONToYDoc, yDocToProsemirrorJSON } from 'y-prosemirror';
import * as Y from 'yjs';
import { pageExtensions } from '#src/shared/docs/page-schema.ts';
import { DOC_FRAGMENT, type DocNode } from '#src/shared/docs/paths.ts';

// A page's words to and from Markdown with Tiptap's own converter over the editor's schema, so what
// the editor can hold (headings, lists, checklists, code with its language, tables, links, images by
// address) survives the trip both ways.
const extensions = pageExtensions();
const schema = getSchema(extensions);
const markdown = new MarkdownManager({ extensions });

// Only addresses a browser may follow or load without running anything: a `javascript:` link in an
// imported file loses its link, an image of another scheme is dropped.
const SAFE_LINK = /^(?:https?:|mailto:|#|\/)/i;
const SAFE_IMAGE = /^https?:/i;

function safe(node: JSONContent): JSONContent | null {
  if (node.type === 'image' && !SAFE_IMAGE.test(String(node.attrs?.src ?? ''))) return null;
  const marks = node.marks?.filter((mark) => mark.type !== 'link' || SAFE_LINK.test(String(mark.attrs?.href ?? '')));
  const content = node.content?.flatMap((child) => safe(child) ?? []);
  return { ...node, ...(marks ? { marks } : {}), ...(content ? { content } : {}) };
}

// The page's Yjs state (null: never written) as ProseMirror JSON: a node with its type, as the version
// answer's schema (DocNodeSchema) says.
export function contentOf(state: Uint8Array | null): DocNode {
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  return yDocToProsemirrorJSON(doc, DOC_FRAGMENT) as DocNode;
}

export const toMarkdown = (state: Uint8Array | null): string => markdown.serialize(contentOf(state));

// A new page's shared document, from Markdown.
export function fromMarkdown(source: string): Y.Doc {
  const content = safe(markdown.parse(source)) ?? { type: 'doc', content: [] };
  // A node the schema does not know (raw HTML, say) is left out rather than failing the import.
  const known = content.content?.filter((node) => node.type !== undefined && node.type in schema.nodes) ?? [];
  return prosemirrorJSONToYDoc(schema, { ...content, content: known }, DOC_FRAGMENT);
}
