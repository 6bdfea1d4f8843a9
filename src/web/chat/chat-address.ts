// What the chat page's address names (`/chat?channel=<id>&message=<seq>&thread=<id>`), read by the
// page and by the app's first reads before the page renders.

// A page of a channel's history: older than `before`, or newer than `after`; neither, the latest.
export type Cursor = { before?: string; after?: string };

// The message the address opens at (a search result, a mention), if any.
export function seqIn(params: URLSearchParams): number | null {
  const seq = Number(params.get('message'));
  return Number.isSafeInteger(seq) && seq > 0 ? seq : null;
}

// A channel's first page read: its latest, or with an anchor the page ending at that message.
export const firstPageOf = (anchor: number | null): Cursor => (anchor === null ? {} : { before: String(anchor + 1) });
