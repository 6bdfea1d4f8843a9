import { workspacePath, workspacePaths, type WorkspacesResponse } from '#src/shared/workspaces/paths.ts';
import { readEarly } from '#src/web/lib/api-client.ts';
import { rememberReads } from '#src/web/lib/remembered-reads.ts';
import { calendarAddress, perDayOf } from '#src/web/calendar/calendar-address.ts';
import { calendarTasksPath } from '#src/web/calendar/calendar-api.ts';
import { localToday, visibleDays } from '#src/web/calendar/calendar-days.ts';
import { firstPageOf, seqIn } from '#src/web/chat/chat-address.ts';
import { channelsPath, messagesPath } from '#src/web/chat/chat-api.ts';

// What an app page reads first in the current workspace, as the page itself asks for it: the path of
// each GET, from the workspace's id and the address's query.
const FIRST_READS: Partial<Record<string, (workspaceId: string, params: URLSearchParams) => string[]>> = {
  '/calendar': (workspaceId, params) => {
    const { view, anchor, mine, projectId } = calendarAddress(params, localToday());
    const days = visibleDays(view, anchor);
    return [calendarTasksPath(workspaceId, days[0]!, days.at(-1)!, mine, projectId, perDayOf(view))];
  },
  '/chat': (workspaceId, params) => {
    const channelId = params.get('channel');
    return [
      channelsPath(workspaceId),
      workspacePath(workspacePaths.one, { id: workspaceId }),
      ...(channelId ? [messagesPath(workspaceId, channelId, firstPageOf(seqIn(params)))] : []),
    ];
  },
};

// A page's own reads wait for the workspace it shows, which the app used to learn only once the shell had
// rendered around the workspace list. They go out as soon as the list's early read answers instead,
// before the first render (each is taken by the page's first GET of its path, as the list is), and are
// remembered for this address: the next load asks them as it starts (app/main.tsx), and those asked
// then are not asked twice. GETs change nothing, so remembered reads the list proves wrong (the
// workspace switched on another device, a new day in the calendar) cost a request each and no more.
export async function readPageEarly(
  list: Promise<WorkspacesResponse | null>,
  pathname: string,
  search: string,
  asked: readonly string[],
): Promise<void> {
  const reads = FIRST_READS[pathname];
  const params = new URLSearchParams(search);
  // An address naming another workspace switches to it first (use-workspace-from-address.ts).
  if (!reads || params.has('workspace')) return;
  const answer = await list;
  const workspaceId = answer ? (answer.currentId ?? answer.workspaces[0]?.id) : undefined;
  if (!workspaceId) return;
  const paths = reads(workspaceId, params);
  rememberReads(pathname + search, paths);
  readEarly(paths.filter((path) => !asked.includes(path)));
}
