// What a page may hold, as Tiptap extensions: the editor builds on these (adding carets, placeholder
// and the shared document), and the server reads and writes Markdown with the very same schema, so a
// page exported and imported again keeps its shape.
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import Mention, { type MentionOptions } from '@tiptap/extension-mention';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { common, createLowlight } from 'lowlight';

const lowlight = createLowlight(common);

// The editor adds the mention picker (`suggestion`); the server only reads and writes mentions.
export const pageExtensions = (mention: Partial<MentionOptions> = {}) => [
  // The shared document keeps its own history; code blocks are highlighted by lowlight's.
  StarterKit.configure({ undoRedo: false, codeBlock: false, link: { openOnClick: false } }),
  CodeBlockLowlight.configure({ lowlight }),
  TaskList,
  TaskItem.configure({ nested: true }),
  TableKit.configure({ table: { resizable: false } }),
  Image,
  // `@` + a member: an atom holding the member's id and the name shown.
  Mention.configure({ HTMLAttributes: { class: 'mention' }, ...mention }),
];
