import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { docsText } from '#src/shared/docs/messages.ts';
import { wordsOf } from '#src/shared/docs/page-schema.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { notify } from '#src/web/ui/notify.ts';
import { docsApi } from './docs-api.ts';

const hasChip = (line: PmNode) => {
  let found = false;
  line.descendants((child) => {
    found ||= child.type.name === 'taskMention';
    return !found;
  });
  return found;
};

// The checklist item the caret is in, with the words of its first line (a member mentioned there by
// name), when that line is not a task
// already (a chip in it).
export function checklistItemAt(state: EditorState): { pos: number; text: string } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const item = $from.node(depth);
    if (item.type.name !== 'taskItem') continue;
    const line = item.firstChild;
    return line && !hasChip(line) ? { pos: $from.before(depth), text: wordsOf(line) } : null;
  }
  return null;
}

// The checklist item with these words nearest to where it was: people may have typed around it while
// the task was being made (a teammate's edit arrives as a whole-document change, so positions cannot
// simply be mapped through it).
function findItem(doc: PmNode, text: string, near: number): { pos: number; line: PmNode } | null {
  let best: { pos: number; line: PmNode } | null = null;
  doc.descendants((node, pos) => {
    if (node.type.name !== 'taskItem') return true;
    const line = node.firstChild;
    if (line && !hasChip(line) && wordsOf(line) === text && (!best || Math.abs(pos - near) < Math.abs(best.pos - near))) {
      best = { pos, line };
    }
    return true;
  });
  return best;
}

// A checklist item becomes a task of the workspace (through the tasks API, with its limits: a title too
// long is refused with the server's sentence), and its words become the task's chip.
export function useMakeTask(editor: Editor | null, workspaceId: string) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const item = editor ? checklistItemAt(editor.state) : null;
    if (!editor || !item || busy) return;
    if (item.text === '') {
      notify.error(docsText.makeTaskEmpty);
      return;
    }
    setBusy(true);
    try {
      const { task } = await docsApi.createTask(workspaceId, item.text);
      const found = findItem(editor.state.doc, item.text, item.pos);
      if (found) {
        // Inside the item (+1) and its first line (+1).
        const from = found.pos + 2;
        editor
          .chain()
          .insertContentAt({ from, to: from + found.line.content.size }, { type: 'taskMention', attrs: { id: task.id, label: task.key } })
          .run();
      }
      notify.success(docsText.taskMade(task.key));
    } catch (error) {
      notify.error(problemText(error, docsText.makeTaskFailed));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
