import { Bot, ChartColumn, FileText, KanbanSquare, MessagesSquare, Users, type LucideIcon } from 'lucide-react';

export const modules: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: KanbanSquare, title: 'Kanban boards', text: 'Boards with custom fields, WIP limits and automations that move cards for you.' },
  { icon: MessagesSquare, title: 'Team chat', text: 'Channels and threads that link straight to the task being discussed.' },
  { icon: FileText, title: 'Docs', text: 'Specs, briefs and meeting notes beside the work they describe.' },
  { icon: Users, title: 'Client portal', text: 'Clients see progress and approve work without seeing your internals.' },
  { icon: ChartColumn, title: 'Analytics', text: 'Cycle time, workload and throughput per person and per project.' },
  { icon: Bot, title: 'AI tasks', text: 'Turn meeting notes into tasks with owners, dates and labels.' },
];

export const deepDives = [
  {
    id: 'kanban',
    title: 'Boards that keep themselves tidy',
    text: 'Automations move a card when its pull request merges, its client approves, or its due date passes. Custom fields hold what your team tracks, from budget to billable hours.',
    picture: 'kanban',
  },
  {
    id: 'chat',
    title: 'Chat that remembers the task',
    text: 'Every thread can link to a task, so a decision made in chat shows up where the work happens. Import your Slack history when you move in.',
    picture: 'chat',
  },
  {
    id: 'docs',
    title: 'Docs beside the work',
    text: 'Write briefs and specs with live task embeds. When a task changes, the doc shows it.',
    picture: 'chat',
  },
  {
    id: 'analytics',
    title: 'Analytics without a spreadsheet',
    text: 'See cycle time, open work per person and throughput per week. Spot the overloaded teammate before the deadline slips.',
    picture: 'chart',
  },
  {
    id: 'ai',
    title: 'An assistant that drafts, not decides',
    text: 'Paste meeting notes and get draft tasks. Accept, edit or discard: nothing lands on a board without a person saying yes.',
    picture: 'kanban',
  },
  {
    id: 'portal',
    title: 'A portal your clients will use',
    text: 'Share a project’s progress, files and approvals through a clean portal with its own link — no internal chat, no clutter.',
    picture: 'chart',
  },
] as const;

export const testimonials = [
  {
    quote: 'We replaced four tools in a week. Clients approve designs in the portal instead of replying to email chains.',
    who: 'Studio lead, 9-person design studio',
  },
  {
    quote: 'The AI drafts from our stand-up notes save me half an hour every morning, and I still decide what goes on the board.',
    who: 'Engineering manager, 14-person product team',
  },
  { quote: 'Flat pricing meant we could invite our freelancers without a budget meeting.', who: 'Operations lead, 22-person agency' },
];

export const integrationNames = ['GitHub', 'Google Workspace', 'Figma', 'Slack', 'REST API', 'Zapier'];
