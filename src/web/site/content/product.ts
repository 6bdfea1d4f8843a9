// Static content of the product pages (spec 2, "Marketing pages").
export const featureCategories = [
  {
    title: 'Task management',
    items: ['Kanban boards with swimlanes', 'Custom fields and templates', 'Dependencies and due dates', 'WIP limits per column'],
  },
  {
    title: 'Team chat',
    items: ['Channels and direct messages', 'Threads linked to tasks', 'Mentions and reminders', 'Slack history import'],
  },
  {
    title: 'Docs',
    items: ['Rich documents with live task embeds', 'Page history', 'Templates for briefs and specs', 'Comments and suggestions'],
  },
  {
    title: 'Client portal',
    items: ['Per-client project views', 'Approvals and file sharing', 'Branded portal link', 'No access to internal chat'],
  },
  { title: 'Analytics', items: ['Cycle time and throughput', 'Workload per person', 'Project health at a glance', 'CSV export'] },
  { title: 'AI assistant', items: ['Tasks from meeting notes', 'Thread summaries', 'Weekly client digests', 'Drafts that people approve'] },
  { title: 'Automations', items: ['Move cards on events', 'Recurring tasks', 'Due-date nudges', 'Webhooks to your systems'] },
  {
    title: 'Security and admin',
    items: ['Roles and permissions', 'Session management', 'Audit of role changes', 'Data export at any time'],
  },
];

export type IntegrationStatus = 'Available' | 'Coming Soon';
export const integrations: Array<{ name: string; status: IntegrationStatus; text: string }> = [
  { name: 'GitHub', status: 'Available', text: 'Link pull requests to tasks and move cards when they merge.' },
  { name: 'Google Workspace', status: 'Available', text: 'Attach Drive files and put task due dates on Google Calendar.' },
  { name: 'Figma', status: 'Available', text: 'Embed frames in tasks and docs; previews stay up to date.' },
  { name: 'Slack', status: 'Available', text: 'Import channels and history when your team moves in.' },
  { name: 'REST API', status: 'Available', text: 'Read and write tasks from your own systems with an API key.' },
  { name: 'Zapier', status: 'Coming Soon', text: 'Connect Tessera to thousands of apps without code.' },
];

export type ChangeType = 'new' | 'improvement' | 'fix';
export const releases: Array<{ version: string; date: string; changes: Array<{ type: ChangeType; text: string }> }> = [
  {
    version: 'Beta v0.3.0',
    date: 'October 28, 2025',
    changes: [
      { type: 'new', text: 'AI task creation from meeting notes, with drafts that need approval.' },
      { type: 'improvement', text: 'Client portal loads faster on large projects.' },
      { type: 'fix', text: 'Due-date reminders no longer fire twice across time zones.' },
    ],
  },
  {
    version: 'Beta v0.2.0',
    date: 'September 30, 2025',
    changes: [
      { type: 'new', text: 'Slack import for channels and message history.' },
      { type: 'new', text: 'Analytics: cycle time and workload per person.' },
      { type: 'fix', text: 'Board filters keep their state after a reload.' },
    ],
  },
  {
    version: 'Beta v0.1.0',
    date: 'September 1, 2025',
    changes: [
      { type: 'new', text: 'Kanban boards, team chat and docs in one workspace.' },
      { type: 'new', text: 'Client portal with approvals.' },
      { type: 'improvement', text: 'Keyboard shortcuts for moving cards between columns.' },
    ],
  },
];

export const roadmap = {
  Completed: [
    { title: 'Kanban boards and chat', when: 'Q3 2025' },
    { title: 'Client portal', when: 'Q3 2025' },
    { title: 'AI task drafts', when: 'Q4 2025' },
  ],
  'In Progress': [
    { title: 'Zapier integration', when: 'Q1 2026' },
    { title: 'Mobile apps for iOS and Android', when: 'Q1 2026' },
    { title: 'Time tracking on tasks', when: 'Q1 2026' },
  ],
  Planned: [
    { title: 'Gantt timeline view', when: 'Q2 2026' },
    { title: 'Single sign-on (SAML)', when: 'Q2 2026' },
    { title: 'Invoicing from the client portal', when: 'Q3 2026' },
  ],
} as const;
