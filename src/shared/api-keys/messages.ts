// The words of API keys and the public API (product rules K). Kept apart from messages.ts,
// which every page's first load carries.

export const apiKeyUi = {
  title: 'API keys',
  lead: 'Keys let your own systems use the Tessera API for this workspace. Anyone holding a key can act for the workspace.',
  docsLink: 'API reference',
  create: 'Create API key',
  createTitle: 'Create an API key',
  createLead: 'Name it after the system that will use it, so you know which one to revoke later.',
  nameLabel: 'Key name',
  expiryLabel: 'Expires',
  noExpiry: 'Never',
  inDays: (days: number) => (days === 365 ? 'In 1 year' : `In ${days} days`),
  creating: 'Creating...',
  createFailed: 'Could not create the API key.',
  cancel: 'Cancel',
  shownOnceTitle: 'Copy your new API key',
  shownOnceLead: 'This is the only time the key is shown. Store it somewhere safe; if you lose it, revoke it and create another.',
  secretLabel: 'Your new API key',
  copy: 'Copy',
  copied: 'API key copied.',
  copyFailed: 'Could not copy. Select the key and copy it by hand.',
  done: 'Done',
  none: 'No API keys yet.',
  loading: 'Loading API keys...',
  loadFailed: 'The API keys could not be loaded.',
  tryAgain: 'Try again',
  createdBy: (name: string, date: string) => `Created by ${name} on ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  neverUsed: 'Never used',
  expires: (date: string) => `Expires ${date}`,
  expired: (date: string) => `Expired ${date}`,
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke the API key ${name}`,
  revokeTitle: (name: string) => `Revoke ${name}?`,
  revokeLead: 'Requests with this key are refused at once. This cannot be undone.',
  revoking: 'Revoking...',
  revoked: (name: string) => `API key ${name} revoked.`,
  revokeFailed: 'Could not revoke the API key.',
} as const;

export const apiKeyError = {
  notFound: 'API key not found.',
  // product rules K3: one answer for a missing, malformed, unknown, revoked or expired key, so none tells which.
  unauthorized: 'A valid API key is required: send it as "Authorization: Bearer <key>".',
  tooMany: (seconds: number) => `Rate limit reached. Try again in ${seconds} seconds.`,
  tooManyKeys: (max: number) => `A workspace can have at most ${max} active API keys. Revoke one you no longer use first.`,
} as const;

export const apiKeyNotice = {
  revoked: 'API key revoked.',
} as const;
