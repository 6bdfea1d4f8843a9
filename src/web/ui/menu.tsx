import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export const menuItemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 -outline-offset-2 select-none data-highlighted:bg-slate-100 data-highlighted:text-slate-900';

// The one dropdown menu (the top navigation bar's settings, the app shell's menus): keyboard, outside
// click and Escape come from radix. The content is rendered in place, not in a portal, so a menu opened
// from a landmark (the navigation bar) stays inside it. Never wider than the room Radix finds beside the
// trigger, so a long notification wraps on a phone instead of running off it. className adds to or
// overrides the panel's look.
export function Menu({
  trigger,
  label,
  align = 'end',
  side = 'bottom',
  className,
  children,
}: {
  trigger: ReactNode;
  label: string;
  align?: 'start' | 'end';
  side?: 'bottom' | 'right' | 'top';
  className?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={label} asChild>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align={align}
        side={side}
        sideOffset={8}
        collisionPadding={8}
        className={cn(
          'z-50 max-w-(--radix-dropdown-menu-content-available-width) min-w-56 rounded-card border border-slate-200 bg-white p-1.5 shadow-lg transition duration-150 starting:opacity-0',
          className,
        )}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  return (
    <DropdownMenu.Item className={menuItemClass} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}

export const MenuSeparator = () => <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200" />;
// A long email address is cut with an ellipsis rather than widening the menu.
export const MenuLabel = ({ children }: { children: ReactNode }) => (
  <DropdownMenu.Label className="truncate px-2.5 pt-1.5 pb-2 text-xs text-ink-muted">{children}</DropdownMenu.Label>
);
