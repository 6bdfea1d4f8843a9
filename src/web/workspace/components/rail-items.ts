import { AppWindow, Bot, CalendarDays, FileText, House, PenTool, Video, type LucideIcon } from 'lucide-react';
import { workspaceCopy } from '#src/shared/messages.ts';

export type PanelKind = 'home' | 'calendar' | 'aiMode';

export interface RailItem {
  label: string;
  to: string;
  icon: LucideIcon;
  panel?: PanelKind;
}

// spec 2: Home, Calendar and AI Mode navigate and open the side panel chosen by path; More holds the rest.
export const mainItems: RailItem[] = [
  { label: workspaceCopy.home, to: '/dashboard', icon: House, panel: 'home' },
  { label: workspaceCopy.calendar, to: '/calendar', icon: CalendarDays, panel: 'calendar' },
  { label: workspaceCopy.aiMode, to: '/ai-mode', icon: Bot, panel: 'aiMode' },
];

export const moreItems: RailItem[] = [
  { label: workspaceCopy.zoomMeeting, to: '/zoom-meeting', icon: Video },
  { label: workspaceCopy.whiteboard, to: '/whiteboard', icon: PenTool },
  { label: workspaceCopy.docs, to: '/docs', icon: FileText },
  { label: workspaceCopy.apps, to: '/apps', icon: AppWindow },
];

export function panelForPath(pathname: string): PanelKind | null {
  return mainItems.find((item) => item.to === pathname)?.panel ?? null;
}

// Issue 16: the Home panel's task items lead to the board and to my work; the rest stay inert (spec 2).
export const homePanelLinks: Readonly<Record<string, string>> = {
  'Create New Task': '/board?new=1',
  Inbox: '/my-work?view=inbox',
  'Assigned Comments': '/my-work?view=comments',
  'My Tasks': '/my-work?view=tasks',
};
