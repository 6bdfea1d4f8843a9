// spec 2: the notifications bell shows an unread count; the sample has one.
export const sampleNotifications = [
  { id: 'n1', text: 'Maya Okafor commented on "Homepage redesign"', when: '5 min ago', unread: true },
  { id: 'n2', text: 'Your weekly report is ready', when: 'Yesterday', unread: false },
];
