import { Hash, Lock, MessageCircle, Search } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { searchCopy } from '#src/shared/search/messages.ts';
import { SEARCH_KINDS, type FoundMessage, type SearchHit, type SearchKind, type SnippetPart } from '#src/shared/search/paths.ts';
import { boardUi } from '#src/shared/tasks/board-messages.ts';
import { CreateTaskSchema } from '#src/shared/tasks/schemas.ts';
import { firstIssueMessage } from '#src/shared/validation.ts';
import { taskPaths, type TaskResponse } from '#src/shared/tasks/paths.ts';
import { workspacePath } from '#src/shared/workspaces/paths.ts';
import { api, problemText } from '#src/web/lib/api-client.ts';
import { useWorkspaces } from '#src/web/lib/workspaces.tsx';
import { useNavigate } from '#src/web/routing/router-context.tsx';
import { cn } from '#src/web/ui/cn.ts';
import { notify } from '#src/web/ui/notify.ts';
import { QuickAddMarks } from '#src/web/ui/quick-add-marks.tsx';
import type { SearchFilters } from './search-api.ts';
import { useQuickAdd, type QuickAdd } from './use-quick-add.ts';
import { useSearchResults } from './use-search-results.ts';

type Option = { kind: 'hit'; hit: SearchHit } | { kind: 'create'; quick: QuickAdd };

function Marked({ parts }: { parts: SnippetPart[] }) {
  return parts.map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
        {part.text}
      </mark>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

// A chat message's place: a channel's mark (public or private) or a direct message's, before its name.
function PlaceMark({ message }: { message: FoundMessage }) {
  const Mark = message.channelKind === 'dm' ? MessageCircle : message.private ? Lock : Hash;
  return <Mark className="size-3.5 shrink-0 self-center text-slate-600" aria-hidden="true" />;
}

function HitRow({ hit }: { hit: SearchHit }) {
  return (
    <>
      <div className="flex items-baseline gap-2">
        <span className="shrink-0 rounded-sm bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold text-slate-700 uppercase">
          {searchCopy.kind[hit.kind]}
        </span>
        {hit.taskKey ? <span className="shrink-0 font-mono text-xs text-slate-600">{hit.taskKey}</span> : null}
        {hit.message ? <PlaceMark message={hit.message} /> : null}
        <span className="min-w-0 truncate font-medium text-slate-900">
          <Marked parts={hit.title} />
        </span>
        <span className="ml-auto shrink-0 text-xs text-slate-600">{hit.workspaceName}</span>
      </div>
      {hit.snippet.length > 0 ? (
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">
          {hit.message ? <span className="font-semibold text-slate-900">{hit.message.authorName}: </span> : null}
          <Marked parts={hit.snippet} />
        </p>
      ) : null}
    </>
  );
}

// The board opens a task from the address, switching to its workspace first; a docs page opens itself;
// a chat message opens its channel at it (a reply with its thread beside); a client or a project opens
// the client's page (of the current workspace, switched to first, as for a message).
const hitAddress = (hit: SearchHit) => {
  if (hit.taskKey) return `/board?${new URLSearchParams({ workspace: hit.workspaceId, task: hit.taskKey })}`;
  if (hit.kind === 'page') return `/pages/${hit.id}?${new URLSearchParams({ workspace: hit.workspaceId })}`;
  if (hit.message) {
    const { channelId, seq, threadId } = hit.message;
    return `/chat?${new URLSearchParams({ channel: channelId, message: String(seq), ...(threadId ? { thread: threadId } : {}) })}`;
  }
  return `/clients/${encodeURIComponent(hit.clientId ?? '')}`;
};

const selectClass =
  'rounded-control border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none';

// The search palette (⌘K / Ctrl+K, `/`, the header box). A combobox: the text field keeps
// focus, ↑ ↓ move through the results, Enter opens one, Escape closes. The text also reads as a new
// task (quick add), the same parser as the board's: "Create task …" comes first, its parts marked.
export default function SearchPalette({ open, initialText, onClose }: { open: boolean; initialText: string; onClose: () => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-card bg-white shadow-xl sm:top-[12vh]"
        >
          <RadixDialog.Title className="sr-only">{searchCopy.palette}</RadixDialog.Title>
          {open ? <PaletteBody key={initialText} initialText={initialText} onClose={onClose} /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function PaletteBody({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const navigate = useNavigate();
  const { workspaces, current, switchTo } = useWorkspaces();
  const [text, setText] = useState(initialText);
  const [kind, setKind] = useState<SearchKind | ''>('');
  const [workspace, setWorkspace] = useState('');
  const filters = useMemo<SearchFilters>(() => ({ kind, workspace }), [kind, workspace]);
  const state = useSearchResults(text, filters);
  const hits = 'hits' in state ? state.hits : [];
  const quick = useQuickAdd(text, current ?? null);
  const options: Option[] = hits.map((hit) => ({ kind: 'hit', hit }));
  // A line that names a date, person, label, priority or project reads as a new task; plain words are a
  // search, and become a task only when nothing matches them.
  if (quick && (quick.parsed.spans.length > 0 || (state.status === 'done' && hits.length === 0))) {
    options.unshift({ kind: 'create', quick });
  }
  // Back to the first result whenever the question changes; kept inside the list as it shrinks.
  const [chosen, setActive] = useState(0);
  const active = Math.max(0, Math.min(chosen, options.length - 1));
  const [creating, setCreating] = useState(false);
  const [createProblem, setCreateProblem] = useState<string | null>(null);
  const ids = useId();
  const optionId = (index: number) => `${ids}-hit-${index}`;

  const openHit = async (hit: SearchHit) => {
    onClose();
    if (!hit.taskKey && current?.id !== hit.workspaceId) {
      try {
        await switchTo(hit.workspaceId);
      } catch (failure) {
        notify.error(problemText(failure, boardUi.loadFailed));
        return;
      }
    }
    void navigate(hitAddress(hit));
  };

  async function createTask({ fields }: QuickAdd) {
    if (!current || creating) return;
    const parsed = CreateTaskSchema.safeParse(fields);
    if (!parsed.success) return setCreateProblem(firstIssueMessage(parsed.error));
    setCreating(true);
    try {
      const { task } = await api<TaskResponse>('POST', workspacePath(taskPaths.tasks, { id: current.id }), parsed.data);
      notify.success(boardUi.created(task.title));
      onClose();
      void navigate(`/board?${new URLSearchParams({ workspace: current.id, task: task.id })}`);
    } catch (error) {
      setCreateProblem(problemText(error, boardUi.createFailed));
      setCreating(false);
    }
  }

  const choose = (option: Option | undefined) => {
    if (option?.kind === 'hit') void openHit(option.hit);
    else if (option?.kind === 'create') void createTask(option.quick);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  };

  let status = '';
  if (creating) status = searchCopy.creating;
  else if (createProblem) status = createProblem;
  else if (state.status === 'searching' && hits.length === 0) status = searchCopy.searching;
  else if (state.status === 'done') status = hits.length === 0 ? searchCopy.noResults(text.trim()) : searchCopy.results(hits.length);
  else if (state.status === 'error') status = state.message;

  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4">
        <Search className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <input
          role="combobox"
          aria-label={searchCopy.palette}
          aria-expanded={options.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a palette exists to be typed into at once
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setCreateProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search..."
          className="min-w-0 flex-1 bg-transparent py-4 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2">
        <label className="flex items-center gap-1 text-xs text-slate-600">
          <span className="sr-only">Kind</span>
          <select
            className={selectClass}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as SearchKind | '');
              setActive(0);
            }}
          >
            <option value="">{searchCopy.anyKind}</option>
            {SEARCH_KINDS.map((one) => (
              <option key={one} value={one}>
                {searchCopy.kind[one]}
              </option>
            ))}
          </select>
        </label>
        {workspaces.length > 1 ? (
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <span className="sr-only">Workspace</span>
            <select
              className={selectClass}
              value={workspace}
              onChange={(event) => {
                setWorkspace(event.target.value);
                setActive(0);
              }}
            >
              <option value="">{searchCopy.allWorkspaces}</option>
              {workspaces.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <ul id={`${ids}-list`} role="listbox" aria-label={searchCopy.palette} className="min-h-0 flex-1 overflow-y-auto p-2">
        {options.map((option, index) => (
          // The text field keeps focus and names the active option (aria-activedescendant); a pointer
          // picks one directly.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.kind === 'hit' ? `${option.hit.kind}-${option.hit.id}` : 'create'}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(option)}
            className={cn(
              'cursor-pointer rounded-control px-3 py-2',
              index === active ? 'bg-accent-50 ring-1 ring-accent-600' : 'hover:bg-slate-50',
            )}
          >
            {option.kind === 'hit' ? (
              <HitRow hit={option.hit} />
            ) : (
              <div data-testid="palette-quick-add">
                <div className="flex items-baseline gap-2">
                  <span className="shrink-0 rounded-sm bg-accent-600 px-1.5 py-0.5 text-[11px] font-semibold text-white uppercase">
                    {searchCopy.createTask}
                  </span>
                  <span className="min-w-0 flex-1 break-words text-slate-900">
                    <QuickAddMarks text={option.quick.line} spans={option.quick.parsed.spans} />
                  </span>
                </div>
                {current ? <p className="mt-1 text-xs text-slate-600">{searchCopy.createIn(current.name)}</p> : null}
              </div>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
        {status || searchCopy.paletteHint}
      </p>
    </>
  );
}
