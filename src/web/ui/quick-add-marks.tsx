import { quickAddUi } from '#src/shared/ai/messages.ts';
import type { Span } from '#src/shared/ai/parse-line.ts';
import { cn } from './cn.ts';

const markLook: Record<Span['kind'], string> = {
  assignee: 'bg-sky-100 text-sky-900',
  label: 'bg-accent-100 text-accent-900',
  priority: 'bg-amber-100 text-amber-900',
  date: 'bg-emerald-100 text-emerald-900',
  project: 'bg-slate-200 text-slate-900',
};

// A quick-add line with each recognised part marked, in order (the board's new-task box and the palette).
export function QuickAddMarks({ text, spans }: { text: string; spans: readonly Span[] }) {
  const parts: Array<{ text: string; kind?: Span['kind'] }> = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    if (span.start > at) parts.push({ text: text.slice(at, span.start) });
    parts.push({ text: text.slice(span.start, span.end), kind: span.kind });
    at = span.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return (
    <>
      {parts.map((part, index) =>
        part.kind ? (
          <mark key={index} className={cn('rounded px-0.5', markLook[part.kind])} title={quickAddUi.kinds[part.kind]}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
