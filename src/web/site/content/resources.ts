// spec 3: static display data — guides and community channels.
export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced' | 'All Levels';

export interface Guide {
  title: string;
  description: string;
  readTime: string;
  difficulty: Difficulty;
  color: string;
}

export const featuredGuide: Guide = {
  title: 'Move your team to Tessera in one afternoon',
  description: 'Import boards and Slack history, invite the team, set up the client portal and retire the old tools, step by step.',
  readTime: '15 min read',
  difficulty: 'All Levels',
  color: 'bg-accent-600',
};

export const guides: Guide[] = [
  {
    title: 'Your first board',
    description: 'Columns, cards, custom fields and WIP limits.',
    readTime: '6 min read',
    difficulty: 'Beginner',
    color: 'bg-sky-600',
  },
  {
    title: 'Running a client portal',
    description: 'What clients see, approvals and sharing files.',
    readTime: '8 min read',
    difficulty: 'Beginner',
    color: 'bg-emerald-600',
  },
  {
    title: 'Automations that save an hour a day',
    description: 'Move cards on events and nudge owners before deadlines.',
    readTime: '10 min read',
    difficulty: 'Intermediate',
    color: 'bg-amber-600',
  },
  {
    title: 'AI drafts from meeting notes',
    description: 'Get good drafts and review them quickly.',
    readTime: '7 min read',
    difficulty: 'Intermediate',
    color: 'bg-violet-600',
  },
  {
    title: 'Reading your analytics',
    description: 'Cycle time, throughput and workload, and what to do about them.',
    readTime: '9 min read',
    difficulty: 'Advanced',
    color: 'bg-rose-600',
  },
  {
    title: 'Webhooks and the REST API',
    description: 'Sync tasks with your own systems.',
    readTime: '12 min read',
    difficulty: 'Advanced',
    color: 'bg-slate-700',
  },
];

export interface CommunityChannel {
  name: string;
  description: string;
  link: string;
  members: string;
}

export const channels: CommunityChannel[] = [
  { name: 'Discussions', description: 'Ask questions, share setups and vote on ideas.', link: '/contact', members: '1,200 members' },
  { name: 'Social', description: 'Release notes and tips, every week.', link: '/blog', members: '3,400 followers' },
  { name: 'Professional group', description: 'Team leads compare ways of working.', link: '/contact', members: '860 members' },
  {
    name: 'Newsletter',
    description: 'One email a month with what shipped and what is next.',
    link: '/changelog',
    members: '5,100 readers',
  },
];

export const communityStats = [
  { label: 'Beta teams', value: '140' },
  { label: 'Countries', value: '23' },
  { label: 'Ideas shipped from the community', value: '37' },
];

export const discussions = [
  { title: 'How do you structure boards for retainer clients?', replies: 42, author: 'Operations lead at a design agency' },
  { title: 'Share your favourite automations', replies: 67, author: 'Engineering manager at a SaaS start-up' },
];

export const docSections = [
  { title: 'Getting Started', links: ['Create your workspace', 'Invite your team', 'Import from other tools'] },
  { title: 'Features', links: ['Boards and cards', 'Chat and threads', 'Docs', 'Client portal'] },
  { title: 'Administration', links: ['Permissions & Roles', 'Billing and plans', 'Data export'] },
  { title: 'Integrations', links: ['GitHub', 'Google Workspace', 'Figma', 'Slack', 'REST API'] },
];
