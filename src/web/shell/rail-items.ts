import { AppWindow, Bot, CalendarDays, FileText, House, MessagesSquare, PenTool, Video, type LucideIcon } from 'lucide-react';
import { chatText } from '#src/shared/chat/messages.ts';
import { workspaceCopy } from '#src/shared/workspace-messages.ts';

// The rail item that carries the unread chat badge.
export const CHAT_PATH = '/chat';

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
  // Team chat comes after the spec's items, which keep their order; it opens no side panel.
  { label: chatText.title, to: CHAT_PATH, icon: MessagesSquare },
];

export const moreItems: RailItem[] = [
  { label: workspaceCopy.zoomMeeting, to: '/zoom-meeting', icon: Video },
  { label: workspaceCopy.whiteboard, to: '/whiteboard', icon: PenTool },
  // The team's own pages (the public /docs stays the site's documentation page).
  { label: workspaceCopy.docs, to: '/pages', icon: FileText },
  { label: workspaceCopy.apps, to: '/apps', icon: AppWindow },
];

export function panelForPath(pathname: string): PanelKind | null {
  return mainItems.find((item) => item.to === pathname)?.panel ?? null;
}

// The Home panel's task items lead to the board and to my work; the rest stay inert (spec 2).
export const panelLinks: Readonly<Record<PanelKind, Readonly<Record<string, string>>>> = {
  home: {
    'Create New Task': '/board?new=1',
    Inbox: '/my-work?view=inbox',
    'Assigned Comments': '/my-work?view=comments',
    'My Tasks': '/my-work?view=tasks',
  },
  // The calendar's views that exist; the rest of the panel stays as the spec shows it.
  calendar: { Today: '/calendar?view=week', Week: '/calendar?view=week', Month: '/calendar' },
  // New AI Task puts the cursor in the text box, AI Tools goes to the model's card.
  aiMode: { 'New AI Task': '/ai-mode?focus=text', 'AI Tools': '/ai-mode?focus=tools', Analytics: '/analytics' },
};
