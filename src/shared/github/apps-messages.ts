import { englishNumber } from '#src/shared/english-number.ts';
// The words of the Apps page: every integration of the workspace with its real state.
export const appsUi = {
  title: 'Apps',
  lead: 'What this workspace is connected to, and where to set each one up.',
  loading: 'Checking…',
  failed: 'Its state could not be loaded.',
  ownersOnly: 'Only owners of this workspace can see and change this.',
  setUp: (name: string) => `Set up ${name}`,
  manage: (name: string) => `Manage ${name}`,
  states: { on: 'Connected', off: 'Not set up', soon: 'Not built yet', owners: 'Owners only' },
  github: {
    name: 'GitHub',
    about: 'Commits and pull requests that name a task key link to the task; pull requests move cards.',
    repos: (count: number) => (count === 1 ? '1 repository connected.' : `${count} repositories connected.`),
    none: 'No repository is connected.',
    lastDelivery: (when: string) => `Last delivery ${when}.`,
    error: (message: string) => `Last refusal: ${message}`,
  },
  calendar: {
    name: 'Calendar feed',
    about: 'Your tasks with due dates in Google Calendar, Apple Calendar or Outlook, through a private address.',
    on: 'Your feed address is made; calendar apps that subscribed to it stay up to date.',
    off: 'You have no feed address yet.',
  },
  api: {
    name: 'REST API',
    about: 'Scripts and other tools read and change tasks with an API key.',
    keys: (count: number) => (count === 1 ? '1 API key in use.' : `${count} API keys in use.`),
    none: 'No API key is made.',
    docs: 'Read the API reference',
  },
  webhooks: {
    name: 'Webhooks',
    about: 'Tessera sends each task change to addresses you choose, signed.',
    endpoints: (count: number, enabled: number) =>
      `${count === 1 ? '1 endpoint' : `${count} endpoints`}, ${enabled === count ? 'all enabled' : `${enabled} enabled`}.`,
    none: 'No endpoint is added.',
  },
  ai: {
    name: 'AI Mode',
    about: 'Describe work in plain words and get tasks proposed for the board.',
    model: (model: string, used: number, limit: number) => `Using ${model}: ${used} of ${limit} model requests today.`,
    switchedOff: (model: string) => `${model} is available, but an owner switched it off: the built-in parser proposes tasks.`,
    parser: 'No model is configured on this server: the built-in parser proposes tasks.',
  },
  slack: {
    name: 'Slack import',
    about: 'Bring a Slack workspace’s channels and history into Tessera.',
    none: 'Nothing imported from Slack yet.',
    previewed: 'An export is uploaded and waiting for you to import it.',
    running: (done: number, total: number) => `Importing: ${englishNumber(done)} of ${englishNumber(total)} messages.`,
    done: (imported: number, when: string) => `Last import ${when}: ${englishNumber(imported)} new messages.`,
    failed: 'The last import stopped.',
    start: 'Import from Slack',
  },
  soon: [
    { name: 'Google Workspace', about: 'Google Drive files and Docs attached to tasks.' },
    { name: 'Figma', about: 'Figma files previewed on tasks.' },
  ],
  soonText: 'Not available in Tessera yet.',
} as const;
