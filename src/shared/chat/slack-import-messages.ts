// The words of the Slack import.
import { SLACK_EXPORT_MAX_BYTES, SLACK_EXPORT_MAX_ENTRIES, SLACK_EXPORT_MAX_UNPACKED_BYTES } from './slack-import-paths.ts';
import { englishNumber } from '#src/shared/english-number.ts';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const slackImportError = {
  wrongType: 'Send the export as the zip file itself (Content-Type: application/zip).',
  notZip: 'This file is not a zip archive. Upload the .zip file Slack’s export gave you, as it is.',
  tooLarge: `The export is larger than ${mb(SLACK_EXPORT_MAX_BYTES)}. Export a shorter date range from Slack and import each part.`,
  unpackedTooLarge: `The export unpacks to more than ${mb(SLACK_EXPORT_MAX_UNPACKED_BYTES)}, so it was refused. Export a shorter date range from Slack.`,
  fileTooLarge: (name: string) => `${name} is too large to be a Slack export file, so the export was refused.`,
  tooManyFiles: `The export holds more than ${englishNumber(SLACK_EXPORT_MAX_ENTRIES)} files. Export a shorter date range from Slack.`,
  unsafePath: 'The archive holds a file outside its own folder (a name with “../” or an absolute path), so it was refused.',
  duplicate: 'The archive holds the same file twice, so it was refused.',
  damaged: 'The archive is damaged, or uses encryption or compression Slack exports do not use.',
  notSlackExport: 'This zip is not a Slack export: it needs users.json and channels.json at its top.',
  badFile: (name: string) => `${name} is not in the form Slack exports use, so the export was refused.`,
  notFound: 'Import not found.',
  started: 'This import has been started already.',
  busy: 'Another Slack import is under way in this workspace. Wait for it to finish first.',
  running: 'An import under way cannot be discarded.',
  ownerGone: 'The person who started this import is no longer an owner of this workspace, so it stopped.',
  failed: 'The import stopped after failing again and again. Upload the export again to try once more.',
  gone: 'The uploaded export is no longer kept. Upload it again.',
} as const;

export const slackImportNotice = {
  discarded: 'Import discarded.',
} as const;

export const slackImportUi = {
  title: 'Import from Slack',
  lead: 'Bring a Slack workspace’s public channels into Tessera chat: their messages, threads and reactions.',
  howTo:
    'In Slack, an owner or admin opens Tools & settings → Workspace settings → Import/Export Data → Export, and downloads the zip. Upload it here as it is: you will see what it holds before anything is imported.',
  ownersOnly: 'Only owners of this workspace can import from Slack.',
  back: 'Back to Apps',
  uploadTitle: 'Upload the export',
  fileLabel: 'Slack export (.zip)',
  fileHint: (maxMb: number) => `The zip Slack gave you, up to ${maxMb} MB.`,
  chooseFirst: 'Choose the export’s zip file first.',
  tooLarge: (maxMb: number) => `This file is larger than ${maxMb} MB. Export a shorter date range from Slack.`,
  upload: 'Upload and preview',
  uploading: 'Reading the export…',
  uploadFailed: 'The export could not be uploaded. Check your connection and try again.',
  previewTitle: 'What this export holds',
  previewLead: (file: string) => `Nothing is imported yet. This is what ${file} would bring.`,
  counts: {
    channels: 'Public channels',
    messages: 'Messages',
    threads: 'Threads',
    reactions: 'Reactions',
    matchedPeople: 'People matched to members by email',
    unmatchedPeople: 'People shown under their Slack names',
    skipped: 'Slack notices left out (joins, topic changes)',
    shortened: 'Messages cut to 4,000 characters',
    alreadyImported: 'Messages already imported (left as they are)',
  },
  channelsTitle: 'Channels',
  slackChannel: 'In Slack',
  hereChannel: 'In Tessera',
  channelMessages: 'Messages',
  newChannel: 'new',
  existingChannel: 'imported before',
  renamedNote: 'A channel whose name is taken here gets “-slack” added, so its history stays apart from the live channel.',
  noChannels: 'This export holds no public channel, so there is nothing to import. Check that it is a workspace export.',
  importButton: 'Import',
  importing: 'Starting…',
  discard: 'Discard',
  discarding: 'Discarding…',
  startFailed: 'The import could not be started. Try again.',
  progressTitle: 'Importing',
  progressLabel: 'Import progress',
  queued: 'Waiting for its turn…',
  progress: (done: number, total: number) => `${englishNumber(done)} of ${englishNumber(total)} messages`,
  progressHint: 'You can leave this page: the import carries on, and picks up where it was if the server restarts.',
  doneTitle: 'Import finished',
  done: (imported: number, total: number) =>
    imported === total
      ? `${englishNumber(imported)} messages imported.`
      : `${englishNumber(imported)} new messages imported; the other ${englishNumber(total - imported)} were here already.`,
  openChat: 'Open chat',
  another: 'Import another export',
  failedTitle: 'The import stopped',
  loadFailed: 'The import could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  loading: 'Loading…',
} as const;
