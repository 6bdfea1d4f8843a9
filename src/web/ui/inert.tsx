import { DropdownMenu } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { cn } from './cn.ts';
import { menuItemClass } from './menu.tsx';

// spec 2: some shell controls only log or do nothing. They say so quietly instead of pretending: a
// disabled look, and 'Coming soon' as their description, so screen readers announce it too. They stay
// focusable (aria-disabled, not disabled) so keyboard users reach them and hear why.
const log = (name: string) => console.info(`[workspace] ${name}`);

function Reason({ id, className }: { id: string; className: string }) {
  // Hidden from the name (the control keeps its spec label) but read as its description.
  return (
    <span id={id} aria-hidden="true" className={className}>
      {workspaceCopy.comingSoon}
    </span>
  );
}

const reasonBadge = 'ml-auto shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600';

const buttonLook = {
  boxed: 'rounded-control border border-dashed border-slate-300 bg-slate-50 font-medium text-slate-700',
  plain: 'rounded-control text-slate-600',
};

// A text button: its reason shows beside the label. Boxed on cards, plain in the side panels' lists.
export function InertButton({
  name,
  look = 'boxed',
  className = '',
  children,
}: {
  name: string;
  look?: keyof typeof buttonLook;
  className?: string;
  children?: ReactNode;
}) {
  const reasonId = useId();
  return (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={reasonId}
      onClick={() => log(name)}
      className={`flex cursor-not-allowed items-center gap-2 text-sm ${buttonLook[look]} ${className}`}
    >
      {children ?? name}
      <Reason id={reasonId} className={reasonBadge} />
    </button>
  );
}

// An icon button: no room beside it, so the reason shows as a tooltip on hover and on keyboard focus.
export function InertIconButton({ name, children }: { name: string; children: ReactNode }) {
  const reasonId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label={name}
        aria-disabled="true"
        aria-describedby={reasonId}
        onClick={() => log(name)}
        className="flex size-8 cursor-not-allowed items-center justify-center rounded-control text-slate-400"
      >
        {children}
      </button>
      <Reason
        id={reasonId}
        className="pointer-events-none absolute top-1/2 right-full z-10 mr-1 hidden -translate-y-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white group-focus-within:block group-hover:block"
      />
    </span>
  );
}

// A menu item: focusable with the arrow keys, announced as unavailable with its reason; choosing it
// logs (spec 2) and leaves the menu open, since nothing happened.
export function InertMenuItem({ name, children }: { name: string; children?: ReactNode }) {
  const reasonId = useId();
  return (
    <DropdownMenu.Item
      aria-disabled="true"
      aria-describedby={reasonId}
      className={cn(menuItemClass, 'cursor-not-allowed')}
      onSelect={(event) => {
        event.preventDefault();
        log(name);
      }}
    >
      {children ?? name}
      <Reason id={reasonId} className={reasonBadge} />
    </DropdownMenu.Item>
  );
}
