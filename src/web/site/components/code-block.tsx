export function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="overflow-hidden rounded-card border border-slate-800 bg-slate-900">
      <figcaption className="border-b border-slate-800 px-4 py-2 text-xs font-medium text-slate-300">{label}</figcaption>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a block that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <pre className="overflow-x-auto p-4 text-sm leading-6 text-slate-100" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
