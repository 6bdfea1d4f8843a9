import { LogOut, Settings, Sparkles, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from '#src/web/routing/links.tsx';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';
import { InertMenuItem } from '#src/web/ui/inert.tsx';
import { Menu, MenuItem } from '#src/web/ui/menu.tsx';
import { mainItems, moreItems, type RailItem } from './rail-items.ts';

// Rail colours are the rail-* tokens of styles.css, checked for contrast on the dark rail.
const railButton =
  'group flex w-full flex-col items-center gap-1 rounded-control px-1 py-2 text-[11px] font-medium text-rail-ink outline-rail-focus hover:bg-rail-raised hover:text-rail-ink-strong aria-[current=page]:bg-rail-raised aria-[current=page]:text-rail-ink-strong';

function RailLink({ item, onOpen, badge }: { item: RailItem; onOpen: (item: RailItem) => void; badge?: ReactNode }) {
  const Icon = item.icon;
  return (
    <NavLink to={item.to} className={`relative ${railButton}`} onClick={() => onOpen(item)}>
      <Icon className="size-5" aria-hidden="true" />
      <span>{item.label}</span>
      {badge}
    </NavLink>
  );
}

function RailMenu({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Menu
      label={label}
      side="right"
      align="end"
      trigger={
        <button type="button" className={railButton}>
          {icon}
          <span>{label}</span>
        </button>
      }
    >
      {children}
    </Menu>
  );
}

// spec 2: the left rail, with the bottom buttons Settings, Invite and Upgrade.
export function LeftRail({
  onOpen,
  onInvite,
  badges,
}: {
  onOpen: (item: RailItem) => void;
  onInvite: () => void;
  badges: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <nav aria-label="Workspace" className="hidden w-20 shrink-0 flex-col justify-between bg-rail px-2 py-3 md:flex">
      <div className="space-y-1">
        {mainItems.map((item) => (
          <RailLink key={item.to} item={item} onOpen={onOpen} badge={badges[item.to]} />
        ))}
        <p className="px-1 pt-4 pb-1 text-center text-[10px] font-semibold tracking-wider text-rail-ink uppercase">{workspaceCopy.more}</p>
        {moreItems.map((item) => (
          <RailLink key={item.to} item={item} onOpen={onOpen} />
        ))}
      </div>
      <div className="space-y-1">
        <RailMenu label={workspaceCopy.settings} icon={<Settings className="size-5" aria-hidden="true" />}>
          {workspaceCopy.settingsItems.map((item) => (
            <InertMenuItem key={item} name={item}>
              {item === 'Log out' ? <LogOut className="size-4" aria-hidden="true" /> : null}
              {item}
            </InertMenuItem>
          ))}
        </RailMenu>
        <RailMenu label={workspaceCopy.invite} icon={<UserPlus className="size-5" aria-hidden="true" />}>
          <MenuItem onSelect={onInvite}>{workspaceCopy.sendInvite}</MenuItem>
        </RailMenu>
        <RailMenu label={workspaceCopy.upgrade} icon={<Sparkles className="size-5" aria-hidden="true" />}>
          <InertMenuItem name={workspaceCopy.upgradeToPro} />
        </RailMenu>
      </div>
    </nav>
  );
}
