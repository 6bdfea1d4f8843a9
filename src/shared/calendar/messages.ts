// The words of the calendar page and the feed.
export const calendarError = {
  rangeTooLong: (days: number) => `A calendar read covers at most ${days} days.`,
  rangeBackwards: 'The range must end on or after the day it starts.',
  feedNotFound: 'This calendar address is not valid any more. Copy the new one from the Calendar page.',
} as const;

export const calendarCopy = {
  title: 'Calendar',
  month: 'Month',
  week: 'Week',
  today: 'Today',
  previous: (view: string) => `Previous ${view.toLowerCase()}`,
  next: (view: string) => `Next ${view.toLowerCase()}`,
  show: 'Show',
  mine: 'My tasks',
  everyone: 'Everyone',
  project: 'Project',
  allProjects: 'All projects',
  overdue: 'Overdue',
  dayLabel: (day: string, count: number) => `${day}, ${count === 0 ? 'no tasks due' : `${count} task${count === 1 ? '' : 's'} due`}`,
  taskLabel: (title: string, overdue: boolean) => `${title}${overdue ? ' (overdue)' : ''}`,
  empty: 'No task has a due date in these days. Give a task a due date on the board and it appears here.',
  emptyProject: 'No task of this project is due in these days. Choose All projects to see the others.',
  noWorkspace: 'Create or join a workspace to see its calendar.',
  loadFailed: 'The calendar could not be loaded. Try again.',
  tryAgain: 'Try again',
  moved: (title: string, day: string) => `${title} is now due ${day}.`,
  moveFailed: (title: string, reason: string) => `${title} kept its due date: ${reason}`,
  keyboardHelp:
    'Arrow keys move between days. On a task, press M to pick it up, arrows to choose a day, Enter to set the new due date, Escape to cancel.',
  pickedUp: (title: string) => `${title} picked up. Choose a day with the arrow keys, Enter to drop it there, Escape to cancel.`,
  cancelled: (title: string) => `${title} keeps its due date.`,
  openTask: (title: string) => `Open ${title} on the board`,
  feedTitle: 'Subscribe in your calendar app',
  feedHelp:
    'Your tasks’ due dates as a calendar feed for Google Calendar, Apple Calendar or Outlook. Keep the address to yourself: anyone with it sees your tasks.',
  feedCreate: 'Get my calendar address',
  feedRegenerate: 'Make a new address',
  feedRegenerated: 'New address made. The old one stopped working.',
  feedCopy: 'Copy',
  feedCopied: 'Address copied.',
  feedLabel: 'Calendar address',
} as const;
