import { HocuspocusProvider } from '@hocuspocus/provider';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, ReactNodeViewRenderer, useEditor, useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  ClipboardPlus,
  Heading as HeadingIcon,
  Image as ImageIcon,
  ImageUp,
  Italic,
  Link as LinkIcon,
  List,
  ListChecks,
  ListOrdered,
  Minus,
  Quote,
  SquareCode,
  Strikethrough,
  Table,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Y from 'yjs';
import { docsText } from '#src/shared/docs/messages.ts';
import { pageExtensions } from '#src/shared/docs/page-schema.ts';
import { COLLAB_CLOSE, COLLAB_PATH, documentName } from '#src/shared/docs/paths.ts';
import { Alert } from '#src/web/ui/alert.tsx';
import { Avatar } from '#src/web/ui/avatar.tsx';
import type { MentionCandidate } from '#src/web/ui/member-options.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { checklistItemAt, useMakeTask } from './make-task.ts';
import { memberSuggestion } from './mention-picker.tsx';
import { ChipWorkspace, TaskChip } from './task-chip.tsx';
import { taskSuggestion } from './task-picker.tsx';
import { colorOf } from './presence-color.ts';
import { IMAGE_ACCEPT, imagesIn, useImageUpload } from './use-image-upload.ts';
import './page-editor.css';

type Status = 'connecting' | 'connected' | 'offline' | 'refused';

interface Person {
  id: string;
  name: string;
}

interface Present {
  clientId: number;
  name: string;
  color: string;
  userId: string;
}

// One page's shared document: a Yjs doc synced by Hocuspocus over our own origin's socket (the session
// cookie goes with it), kept for as long as the page is open.
function useSharedPage(workspaceId: string, pageId: string) {
  const [session] = useState(() => {
    const doc = new Y.Doc();
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const provider = new HocuspocusProvider({
      url: `${scheme}://${window.location.host}${COLLAB_PATH}`,
      name: documentName(workspaceId, pageId),
      document: doc,
      // The server knows who by the session cookie; the provider only needs something to send.
      token: 'session',
    });
    return { doc, provider };
  });
  const [status, setStatus] = useState<Status>('connecting');
  useEffect(() => {
    const { provider } = session;
    const onStatus = ({ status: next }: { status: string }) =>
      setStatus((now) => (now === 'refused' ? now : next === 'connected' ? 'connected' : 'offline'));
    const onRefused = ({ reason }: { reason: string }) => reason === COLLAB_CLOSE.noAccess && setStatus('refused');
    provider.on('status', onStatus);
    provider.on('authenticationFailed', onRefused);
    return () => {
      provider.off('status', onStatus);
      provider.off('authenticationFailed', onRefused);
      provider.destroy();
      session.doc.destroy();
    };
  }, [session]);
  return { ...session, status };
}

// Who else has the page open, from the provider's awareness (each browser sets its own `user`).
function usePresence(provider: HocuspocusProvider): Present[] {
  const [present, setPresent] = useState<Present[]>([]);
  useEffect(() => {
    const awareness = provider.awareness;
    if (!awareness) return;
    const read = () =>
      setPresent(
        [...awareness.getStates().entries()].flatMap(([clientId, state]) => {
          const user = (state as { user?: Omit<Present, 'clientId'> }).user;
          return user ? [{ clientId, ...user }] : [];
        }),
      );
    read();
    awareness.on('change', read);
    return () => awareness.off('change', read);
  }, [provider]);
  return present;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // A press would move focus to the button, and Tiptap hands it back only at the next animation
      // frame: keys typed in between (the first letter of a checklist item) landed on the button.
      // Kept in the page, the caret stays where it was and the command applies there at once.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex min-w-8 items-center justify-center rounded-control px-2 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
        active && 'bg-slate-900 text-white hover:bg-slate-800',
      )}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, workspaceId, onUploadImage }: { editor: Editor; workspaceId: string; onUploadImage: () => void }) {
  const chain = () => editor.chain().focus();
  const makeTask = useMakeTask(editor, workspaceId);
  // Only a checklist item (not yet a task) can become one; the button says so by being off elsewhere.
  const inChecklistItem = useEditorState({ editor, selector: ({ editor: now }) => checklistItemAt(now.state) !== null });
  const ask = (question: string, then: (url: string) => void) => {
    const answer = window.prompt(question)?.trim();
    if (answer && /^https?:\/\//i.test(answer)) then(answer);
  };
  return (
    <div role="toolbar" aria-label={docsText.toolbar} className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1">
      <ToolButton label={docsText.bold} active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
        <Bold className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.italic} active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
        <Italic className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.strike} active={editor.isActive('strike')} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough className="size-4" aria-hidden="true" />
      </ToolButton>
      {([1, 2, 3] as const).map((level) => (
        <ToolButton
          key={level}
          label={docsText.heading(level)}
          active={editor.isActive('heading', { level })}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          <HeadingIcon className="size-4" aria-hidden="true" />
          <span aria-hidden="true" className="text-xs">
            {level}
          </span>
        </ToolButton>
      ))}
      <ToolButton label={docsText.bulletList} active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
        <List className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.orderedList} active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.taskList} active={editor.isActive('taskList')} onClick={() => chain().toggleTaskList().run()}>
        <ListChecks className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={makeTask.busy ? docsText.makingTask : docsText.makeTask}
        disabled={!inChecklistItem || makeTask.busy}
        onClick={() => void makeTask.run()}
      >
        <ClipboardPlus className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.quote} active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}>
        <Quote className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.codeBlock} active={editor.isActive('codeBlock')} onClick={() => chain().toggleCodeBlock().run()}>
        <SquareCode className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.divider} onClick={() => chain().setHorizontalRule().run()}>
        <Minus className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.table} onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        <Table className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={docsText.link}
        active={editor.isActive('link')}
        onClick={() => ask(docsText.linkPrompt, (href) => chain().extendMarkRange('link').setLink({ href }).run())}
      >
        <LinkIcon className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.image} onClick={() => ask(docsText.imagePrompt, (src) => chain().setImage({ src }).run())}>
        <ImageIcon className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={docsText.uploadImage} onClick={onUploadImage}>
        <ImageUp className="size-4" aria-hidden="true" />
      </ToolButton>
    </div>
  );
}

// The page's text, typed together: Tiptap over the shared Yjs document, each person's caret named and
// coloured, and who is here shown above it. Loaded with the docs route only.
export function PageEditor({
  workspaceId,
  pageId,
  title,
  me,
  members,
}: {
  workspaceId: string;
  pageId: string;
  title: string;
  me: Person;
  // Who `@` can mention: the workspace's members.
  members: MentionCandidate[];
}) {
  const { doc, provider, status } = useSharedPage(workspaceId, pageId);
  const present = usePresence(provider);
  const images = useImageUpload(workspaceId, pageId);
  const fileInput = useRef<HTMLInputElement>(null);
  // Paste and drop handlers are made once with the editor; they reach it through this.
  const editorRef = useRef<Editor | null>(null);
  // The mention picker is made once with the editor; it reads the members as they are when `@` is typed.
  const membersRef = useRef(members);
  useEffect(() => {
    membersRef.current = members;
  }, [members]);
  const editor = useEditor(
    {
      extensions: [
        ...pageExtensions(
          // eslint-disable-next-line react-hooks/refs -- the picker calls this when `@` is typed, never during render
          { suggestion: memberSuggestion(() => membersRef.current) },
          { options: { suggestion: taskSuggestion(workspaceId) }, nodeView: ReactNodeViewRenderer(TaskChip, { as: 'span' }) },
        ),
        Placeholder.configure({ placeholder: docsText.placeholder }),
        Collaboration.configure({ document: doc }),
        CollaborationCaret.configure({ provider, user: { name: me.name, color: colorOf(me.id), userId: me.id } }),
      ],
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': docsText.editorLabel(title),
          class: 'doc-prose min-h-64 px-4 py-3 focus:outline-none',
        },
        // Image files pasted or dropped into the page are uploaded and put where they landed.
        handlePaste: (_view, event) => {
          const files = imagesIn(event.clipboardData?.files);
          if (files.length === 0 || !editorRef.current) return false;
          void images.place(editorRef.current, files);
          return true;
        },
        handleDrop: (view, event) => {
          const files = imagesIn(event.dataTransfer?.files);
          if (files.length === 0 || !editorRef.current) return false;
          event.preventDefault();
          void images.place(editorRef.current, files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
          return true;
        },
      },
    },
    [doc, provider, workspaceId],
  );
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);
  // Each person once, whatever number of tabs they have open; me first.
  const others = [...new Map(present.filter((one) => one.userId !== me.id).map((one) => [one.userId, one])).values()];
  return (
    <div className="rounded-card border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <p role="status" className="text-xs text-slate-600">
          {images.uploading
            ? docsText.uploadingImage
            : status === 'connecting'
              ? docsText.connecting
              : status === 'offline'
                ? docsText.offline
                : status === 'refused'
                  ? docsText.refused
                  : ''}
        </p>
        <ul aria-label={docsText.presence} className="flex -space-x-2">
          {[{ clientId: doc.clientID, name: docsText.you(me.name), color: colorOf(me.id), userId: me.id }, ...others].map((one) => (
            <li key={one.clientId} title={one.name} className="rounded-full ring-2" style={{ ['--tw-ring-color' as string]: one.color }}>
              <Avatar name={one.name} size="sm" />
              <span className="sr-only">{one.name}</span>
            </li>
          ))}
        </ul>
      </div>
      {editor ? <Toolbar editor={editor} workspaceId={workspaceId} onUploadImage={() => fileInput.current?.click()} /> : null}
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-label={docsText.uploadImage}
        onChange={(event) => {
          const files = imagesIn(event.currentTarget.files);
          event.currentTarget.value = '';
          if (editor && files.length > 0) void images.place(editor, files);
        }}
      />
      {images.problem ? (
        <div className="px-3 pt-2">
          <Alert tone="error">{images.problem}</Alert>
        </div>
      ) : null}
      <ChipWorkspace value={workspaceId}>
        <EditorContent editor={editor} />
      </ChipWorkspace>
    </div>
  );
}
