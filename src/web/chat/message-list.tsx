import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { chatText } from '#src/shared/chat/messages.ts';
import type { ChatMessage } from '#src/shared/chat/paths.ts';
import { Button } from '#src/web/ui/button.tsx';

// How close to the top (in rows) scrolling back starts loading the page before.
const LOAD_AHEAD = 3;
// A message's height before it is measured.
const ESTIMATED_ROW_PX = 88;
// The list's height (h-[55dvh]) before it is measured.
const VIEWPORT_SHARE = 0.55;

// The channel's messages, oldest at the top, drawn only where the eye is (a virtual list: a channel of
// tens of thousands stays smooth). Scrolling near the top loads the page before, keeping the message
// in view where it was; a new message brings the list down only when it was at the bottom already.
// `firstUnreadSeq` draws the "New messages" line above that message; `focusSeq` scrolls to a message
// and marks it.
export function MessageList({
  label,
  messages,
  hasOlder,
  loadingOlder,
  loadOlder,
  firstUnreadSeq,
  focusSeq,
  renderMessage,
}: {
  label: string;
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  firstUnreadSeq: number | null;
  focusSeq: number | null;
  renderMessage: (message: ChatMessage) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The compiler leaves this component unmemoized, as TanStack Virtual asks: its measurements change in place.
  const getItemKey = useCallback((index: number) => messages[index]!.id, [messages]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the library's documented use
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
    getItemKey,
    // A channel opens on its newest messages: the first render draws those (not the page's oldest,
    // which would be drawn, measured and then scrolled away from, and would ask for the page before).
    initialOffset: () => messages.length * ESTIMATED_ROW_PX,
    initialRect: { width: 0, height: Math.round(window.innerHeight * VIEWPORT_SHARE) },
  });
  const atBottom = useRef(true);
  const oldestId = useRef<string | null>(null);
  const newestId = useRef<string | null>(null);

  // Older messages arrived above: keep the one that was first where it was. A new one below: follow it
  // if we were at the bottom.
  useLayoutEffect(() => {
    if (messages.length === 0) return;
    const oldest = messages[0]!.id;
    const newest = messages.at(-1)!.id;
    if (oldestId.current !== null && oldest !== oldestId.current) {
      const kept = messages.findIndex((message) => message.id === oldestId.current);
      if (kept > 0) virtualizer.scrollToIndex(kept, { align: 'start' });
    } else if (newest !== newestId.current && (atBottom.current || newestId.current === null) && focusSeq === null) {
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    }
    oldestId.current = oldest;
    newestId.current = newest;
  }, [messages, virtualizer, focusSeq]);

  useEffect(() => {
    if (focusSeq === null) return;
    const index = messages.findIndex((message) => message.seq >= focusSeq);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [focusSeq, messages, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index;
  useEffect(() => {
    if (first !== undefined && first < LOAD_AHEAD && hasOlder && !loadingOlder) loadOlder();
  }, [first, hasOlder, loadingOlder, loadOlder]);

  return (
    <div
      ref={scroller}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={label}
      className="h-[55dvh] overflow-y-auto px-2 py-3"
      onScroll={(event) => {
        const box = event.currentTarget;
        atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
      }}
    >
      {hasOlder ? (
        <div className="text-center">
          <Button variant="ghost" busy={loadingOlder} onClick={loadOlder}>
            {chatText.olderMessages}
          </Button>
        </div>
      ) : null}
      <ol className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const message = messages[item.index]!;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              // The message jumped to (from search, a day, the first unread) stands out where it lands.
              aria-current={message.seq === focusSeq ? 'location' : undefined}
              className="absolute inset-x-0 rounded-control aria-[current=location]:bg-amber-50 aria-[current=location]:ring-1 aria-[current=location]:ring-amber-300"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {message.seq === firstUnreadSeq ? (
                <p role="separator" className="my-2 flex items-center gap-2 text-xs font-semibold text-red-700">
                  <span className="h-px flex-1 bg-red-300" aria-hidden="true" />
                  {chatText.newMessagesDivider}
                  <span className="h-px flex-1 bg-red-300" aria-hidden="true" />
                </p>
              ) : null}
              {renderMessage(message)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
