// What a page may hold, as Tiptap extensions: the editor builds on these (adding carets, placeholder
// and the shared document), and the server reads and writes Markdown with the very same schema, so a
// page exported and imported again keeps its shape.
import { createInlineMarkdownSpec, type NodeViewRenderer } from '@tiptap/core';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import Mention, { type MentionOptions } from '@tiptap/extension-mention';
import { TableKit } from '@tiptap/extension-table';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { common, createLowlight } from 'lowlight';
import { taskAddress } from '#src/shared/tasks/task-keys.ts';
import { docsText } from './messages.ts';
import { TASK_MENTION } from './paths.ts';

const lowlight = createLowlight(common);

// `#` + a task: an atom holding the task's id and its key (never its title, which a reader who cannot
// see the task must not learn from the page). The editor draws it as a live chip; elsewhere it is its
// key, and in Markdown a link to the task.
const TaskMention = Mention.extend({
  name: 'taskMention',
  addOptions() {
    return {
      ...this.parent!(),
      HTMLAttributes: { class: 'task-mention' },
      suggestion: { char: TASK_MENTION },
      renderText: ({ node }) => String(node.attrs.label ?? ''),
      renderHTML: ({ options, node }) => ['span', options.HTMLAttributes, String(node.attrs.label ?? '')],
    };
  },
  ...createInlineMarkdownSpec({ nodeName: 'taskMention', name: TASK_MENTION, selfClosing: true, allowedAttributes: ['id', 'label'] }),
  renderMarkdown: (node) => {
    const key = String(node.attrs?.label ?? '');
    return `[${key}](${taskAddress(key)})`;
  },
});

// The words a node shows, a mention or chip counted as what it shows (a member's name, a task's key).
export const wordsOf = (node: ProseMirrorNode): string =>
  node.textBetween(0, node.content.size, ' ', (leaf) => String(leaf.attrs.label ?? '')).trim();

export interface TaskMentionSetup {
  // The editor's task picker (`suggestion`).
  options?: Partial<MentionOptions>;
  // The editor's live chip.
  nodeView?: NodeViewRenderer;
}

// The editor adds the pickers (`suggestion`) and the task chip; the server only reads and writes mentions.
export const pageExtensions = (mention: Partial<MentionOptions> = {}, task: TaskMentionSetup = {}) => [
  // The shared document keeps its own history; code blocks are highlighted by lowlight's.
  StarterKit.configure({ undoRedo: false, codeBlock: false, link: { openOnClick: false } }),
  CodeBlockLowlight.configure({ lowlight }),
  TaskList,
  // A checkbox is named by its item's words, a chip or mention by what it shows (its key, its name).
  TaskItem.configure({
    nested: true,
    a11y: {
      checkboxLabel: (node) => docsText.checklistBox(wordsOf(node)),
    },
  }),
  TableKit.configure({ table: { resizable: false } }),
  Image,
  // `@` + a member: an atom holding the member's id and the name shown.
  Mention.configure({ HTMLAttributes: { class: 'mention' }, ...mention }),
  (task.nodeView ? TaskMention.extend({ addNodeView: () => task.nodeView! }) : TaskMention).configure(task.options ?? {}),
];
