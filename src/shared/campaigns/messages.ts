import { englishNumber } from '#src/shared/english-number.ts';
// The words of email campaigns. spec 5's Quick Action label stays in messages.ts.

export const campaignError = {
  campaignNotFound: 'That campaign does not exist in this workspace.',
  unknownClient: 'One of the picked clients does not exist in this workspace.',
  unknownContact: 'One of the picked contacts does not exist in this workspace.',
  nobodyToSend: 'Everyone you picked has unsubscribed, or has no contact to send to.',
  dailyCap: (left: number, wanted: number, cap: number) =>
    `This workspace may send ${englishNumber(cap)} campaign emails a day and has ${englishNumber(left)} left today; this update would send ${englishNumber(wanted)}. Pick fewer contacts or send it tomorrow.`,
  badToken: 'That unsubscribe link is not valid.',
};

export const campaignNotice = {
  unsubscribed: (workspace: string) => `You will no longer get updates from ${workspace} by email.`,
  unsubscribedGone: 'You will no longer get these updates by email.',
};

// The email a contact receives.
export const campaignMailCopy = {
  footer: (workspace: string) => `You get this email because you are a client contact of ${workspace}.`,
  unsubscribe: 'Unsubscribe from these updates',
};

// The dialog, and the page an unsubscribe link opens.
export const campaignUi = {
  lead: 'A short update by email to the contacts of your clients. Each email has a one-click unsubscribe link.',
  subject: 'Subject',
  message: 'Message',
  messageHint: 'Markdown: **bold**, _italic_, lists and links.',
  recipients: 'Recipients',
  allContactsOf: (client: string) => `All contacts of ${client}`,
  unsubscribed: 'Unsubscribed',
  noAudience: 'No client has a contact yet. Add a contact on a client’s page, then send an update.',
  selected: (count: number) => (count === 1 ? '1 contact will get this email.' : `${count.toLocaleString()} contacts will get this email.`),
  skippedNote: (count: number) =>
    count === 1
      ? '1 picked contact has unsubscribed and will be skipped.'
      : `${count} picked contacts have unsubscribed and will be skipped.`,
  remaining: (left: number, cap: number) => `${left.toLocaleString()} of ${cap.toLocaleString()} campaign emails left today.`,
  preview: 'Preview',
  edit: 'Edit',
  previewEmpty: 'Write a message to see how it will look.',
  send: 'Send',
  sending: 'Sending...',
  cancel: 'Cancel',
  loading: 'Loading...',
  loadFailed: 'The recipients could not be loaded.',
  sendFailed: 'The update could not be sent.',
  sent: (sent: number, skipped: number) =>
    `Update sent to ${sent === 1 ? '1 contact' : `${sent.toLocaleString()} contacts`}${skipped > 0 ? ` (${skipped} unsubscribed, skipped)` : ''}.`,
  ownersOnly: 'Only the workspace’s owners can send email campaigns.',

  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: 'Stop getting client updates by email from this team?',
  unsubscribeConfirm: 'Unsubscribe',
  unsubscribing: 'Unsubscribing...',
  unsubscribeFailed: 'We could not unsubscribe you just now. Try again in a moment.',
};
