// Sample figures of the AI Mode and Calendar pages (spec 2: cards with static buttons and sample figures).
export const aiFigures = [
  { label: 'Tasks drafted by AI this week', value: '36' },
  { label: 'Accepted without edits', value: '78%' },
  { label: 'Time saved (estimate)', value: '5.5 h' },
];

export const aiCards = [
  { title: 'Turn notes into tasks', text: 'Paste meeting notes; get tasks with owners and due dates.', action: 'New AI Task' },
  { title: 'Summarise a thread', text: 'Condense a long chat thread into decisions and next steps.', action: 'Summarise' },
  { title: 'Weekly digest', text: 'A short report of what moved on your boards this week.', action: 'Generate digest' },
];

export const calendarFigures = [
  { label: 'Meetings this week', value: '9' },
  { label: 'Focus hours booked', value: '14' },
  { label: 'Deadlines in 7 days', value: '4' },
];

export const calendarEvents = [
  { title: 'Design review — Brightlane', when: 'Today, 14:00–14:45', who: '4 people' },
  { title: 'Sprint planning', when: 'Tomorrow, 10:00–11:00', who: 'Product team' },
  { title: 'Client check-in — Northpeak', when: 'Thu, 16:30–17:00', who: '3 people' },
  { title: 'Release v0.4 freeze', when: 'Fri, all day', who: 'Engineering' },
];
