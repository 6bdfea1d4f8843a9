// Dates with the time, in the reader's own language and order: when a session signed in or was last seen.
const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatTime = (iso: string) => format.format(new Date(iso));
