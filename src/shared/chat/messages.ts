// The words of team chat (product rules C).
export const chatError = {
  // A private channel is "not found" to anyone outside it, never "forbidden".
  channelNotFound: 'Channel not found.',
  messageNotFound: 'Message not found.',
  nameTaken: 'A channel with this name already exists.',
  archived: 'This channel is archived. Ask an owner to bring it back before posting.',
  notYourMessage: 'Only its author can edit a message; its author or an owner can delete it.',
  notYourChannel: 'Only the person who made this channel or an owner can rename or archive it.',
  generalStays: 'The #general channel cannot be renamed, archived or left.',
  notMember: 'That person is not a member of this workspace.',
  badCursor: 'That page cursor is not valid. Start again from the newest messages.',
  notInThread: 'Replies go to a message of the channel, not to another reply.',
  confirmChannel: 'This tells everyone in the channel. Send it again to confirm.',
  dmPeople: 'Choose teammates of this workspace to write to.',
} as const;

export const chatNotice = {
  left: 'You left the channel.',
  deleted: 'Message deleted.',
} as const;

export const chatText = {
  title: 'Chat',
  channels: 'Channels',
  newChannel: 'New channel',
  channelName: 'Channel name',
  privateChannel: 'Private: only people added can see it',
  create: 'Create channel',
  cancel: 'Cancel',
  send: 'Send',
  composerLabel: (name: string) => `Message #${name}`,
  messagesIn: (name: string) => `Messages in #${name}`,
  editOf: (author: string) => `Edit message by ${author}`,
  deleteOf: (author: string) => `Delete message by ${author}`,
  edit: 'Edit',
  save: 'Save',
  delete: 'Delete',
  edited: '(edited)',
  join: 'Join channel',
  leave: 'Leave channel',
  archive: 'Archive channel',
  olderMessages: 'Load older messages',
  emptyChannel: 'No messages yet. Write the first one below: press Enter to send, Shift+Enter for a new line.',
  noChannel: 'Pick a channel on the left, or make a new one for a topic or a team.',
  notJoined: 'You are reading this channel. Join it to post and to count its unread messages.',
  loadFailed: 'Chat could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  deleteConfirm: 'Delete this message? This cannot be undone.',
  unread: (count: number) => `${count} unread`,
} as const;
