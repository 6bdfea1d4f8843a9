// The words of the Slack import.
import { SLACK_EXPORT_MAX_BYTES, SLACK_EXPORT_MAX_ENTRIES, SLACK_EXPORT_MAX_UNPACKED_BYTES } from './slack-import-paths.ts';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const slackImportError = {
  wrongType: 'Send the export as the zip file itself (Content-Type: application/zip).',
  notZip: 'This file is not a zip archive. Upload the .zip file Slack’s export gave you, as it is.',
  tooLarge: `The export is larger than ${mb(SLACK_EXPORT_MAX_BYTES)}. Export a shorter date range from Slack and import each part.`,
  unpackedTooLarge: `The export unpacks to more than ${mb(SLACK_EXPORT_MAX_UNPACKED_BYTES)}, so it was refused. Export a shorter date range from Slack.`,
  fileTooLarge: (name: string) => `${name} is too large to be a Slack export file, so the export was refused.`,
  tooManyFiles: `The export holds more than ${SLACK_EXPORT_MAX_ENTRIES.toLocaleString('en')} files. Export a shorter date range from Slack.`,
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
