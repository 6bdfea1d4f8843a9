import { SUPPORT_EMAIL } from '#src/shared/brand.ts';

// spec 2 and 9: billing monthly, cancel any time, no refunds for partial months, 30 days notice of price changes.
export const privacySections = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Account data you give us: your name, email address, password (stored only as a salted hash) and, if you sign in with Google, your Google account identifier and profile picture address. Workspace content you create: tasks, messages, documents and files. Basic technical data: IP address and browser type, used for security and rate limiting.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To run the service, to secure your account (for example, to stop repeated sign-in attempts), to send the emails the service needs (verification and reset codes, security notices), and to improve Tessera from aggregated usage. We do not sell personal data and we show no ads.',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'We set one essential cookie that keeps you signed in. It is HttpOnly and is not used for tracking. We use no third-party analytics or advertising cookies.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We share data only with processors that help us run the service (hosting, email delivery), under contracts that bind them to this policy, or when the law requires it. Clients you invite to a client portal see only what you share with them.',
    ],
  },
  {
    heading: 'Retention and your rights',
    paragraphs: [
      'You can download your data and delete your account yourself, in Profile Settings → Security. Deleting your account removes its personal data at once, except what the law requires us to keep; tasks and comments you left in shared workspaces stay there, shown as by "Deleted user".',
      `For anything else, such as a copy of the data of a whole workspace or a correction of your personal data, write to ${SUPPORT_EMAIL}.`,
    ],
  },
  { heading: 'Contact', paragraphs: [`Questions about privacy: ${SUPPORT_EMAIL}.`] },
];

export const termsSections = [
  {
    heading: 'The service',
    paragraphs: [
      'Tessera provides a workspace for teams: boards, chat, docs, a client portal, analytics and AI task creation. During the invite-only beta, features may change as we learn from beta teams.',
    ],
  },
  {
    heading: 'Accounts',
    paragraphs: [
      'You need a verified email address to use Tessera. Keep your password safe; you are responsible for what happens under your account. Admins of a workspace manage its members and roles.',
    ],
  },
  {
    heading: 'Plans and billing',
    paragraphs: [
      'Tessera is free for teams of up to 3 users. Paid plans are $50 per month for up to 15 users and $200 per month for up to 100 users. Paid plans are billed monthly, in advance. When a workspace grows past its plan’s user limit it moves to the next plan, billed from the following month.',
      'You can cancel at any time; your plan stays active until the end of the month you paid for. We do not give refunds for partial months.',
      'We give 30 days’ notice by email before any price change takes effect. Teams that joined during the beta keep their beta rates.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      `You own what you put in Tessera. You give us the rights we need to store it, show it to the people you share it with and run the service. You can download what is yours at any time in Profile Settings → Security, or ask for an export by writing to ${SUPPORT_EMAIL}.`,
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not use Tessera to break the law, to send spam, to attack the service or other users, or to upload content you have no right to share. We may suspend accounts that do.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'We work hard to keep Tessera available and your data safe, but the service is provided as is. To the extent the law allows, our liability is limited to the amount you paid us in the 12 months before a claim.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'If we change these terms in a way that matters, we will tell you by email at least 30 days before the change takes effect.',
    ],
  },
];
