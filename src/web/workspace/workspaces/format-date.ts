// Dates in the reader's own language and order.
const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDate = (iso: string) => format.format(new Date(iso));
