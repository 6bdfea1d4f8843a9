// The words of the admin panel and the beta gate (product rules A): kept apart from
// messages.ts, which every page's first load carries.
import { PRODUCT_NAME } from '#src/shared/brand.ts';

export const adminError = {
  // product rules A2: sign-in (password or Google) answers 403 with this once an admin suspends the account.
  suspended: 'This account is suspended. Contact support if you think this is a mistake.',
  // product rules A3.
  declined: `Your application for ${PRODUCT_NAME} beta access was not approved.`,
  awaitingApproval: `You're on the list: your application for ${PRODUCT_NAME} beta access is waiting for approval.`,
  userNotFound: 'No such user.',
  notYourself: 'You cannot do that to your own account.',
  notPending: 'That account has no application waiting.',
};

export const adminNotice = {
  roleChanged: (name: string, role: string) => `${name} is now ${role === 'admin' ? 'an admin' : 'a user'}.`,
  suspended: (name: string) => `${name} is suspended and signed out everywhere.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  approved: (name: string) => `${name} is approved and has been emailed.`,
  declined: (name: string) => `${name}'s application was declined.`,
  invited: (email: string) => `Invitation to the beta sent to ${email}.`,
};

export const adminUi = {
  lead: 'Accounts, beta applications, sessions and the health of the platform.',
  loading: 'Loading the admin panel...',
  loadFailed: 'The admin panel could not be loaded.',
  tryAgain: 'Try again',
  newThisWeek: (count: number) => `+${count} this week`,
  pending: (count: number) => `${count} waiting for approval`,
  sessionsNote: 'Signed-in browsers right now',
  revenueNote: 'Sample figure: billing is not live yet',
  healthy: 'Healthy',
  degraded: 'Degraded',
  healthDetail: (parts: string[]) => parts.join(' · '),
  databaseUp: 'Database up',
  databaseDown: 'Database unreachable',
  mailSmtp: 'Mail via SMTP',
  mailConsole: 'Mail printed to the log',
  mailDown: 'Mail server unreachable',
  outbox: (count: number) => `Outbox ${count}`,

  searchLabel: 'Search users by name or email',
  searchPlaceholder: 'Search users...',
  roleFilter: 'Role',
  statusFilter: 'Status',
  any: 'Any',
  roleNames: { user: 'User', admin: 'Admin' } as Record<string, string>,
  statusNames: { active: 'Active', pending: 'Pending', suspended: 'Suspended', declined: 'Declined' } as Record<string, string>,
  columns: { user: 'User', role: 'Role', status: 'Status', joined: 'Joined' },
  noUsers: 'No users match.',
  usersFailed: 'Users could not be loaded.',
  pageOf: (page: number, pages: number, total: number) => `Page ${page} of ${pages} · ${total} users`,
  previous: 'Previous',
  next: 'Next',
  open: (name: string) => `Open ${name}`,

  detailTitle: 'User details',
  detailFailed: 'This user could not be loaded.',
  workspaces: 'Workspaces',
  noWorkspaces: 'No workspaces.',
  sessions: 'Sessions',
  signedIn: 'Signed in',
  sessionSummary: (count: number) => (count === 1 ? '1 active session' : `${count} active sessions`),
  newestSession: 'Newest sign-in',
  lastActive: 'Last active (within a day)',
  recentEntries: 'Recent audit entries',
  noEntries: 'Nothing yet.',
  unverified: 'Email not verified',
  makeAdmin: 'Make admin',
  makeUser: 'Make user',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  approve: 'Approve',
  decline: 'Decline',
  working: 'Working...',
  yourself: 'This is you: your own role and status are changed by another admin.',
  close: 'Close',
  confirmSuspendTitle: (name: string) => `Suspend ${name}?`,
  confirmSuspendBody: 'They are signed out everywhere at once and cannot sign in until an admin reactivates the account.',
  confirmDemoteTitle: (name: string) => `Make ${name} a user?`,
  confirmDemoteBody: 'They lose the admin panel at their next request.',
  confirmDeclineTitle: (name: string) => `Decline ${name}'s application?`,
  confirmDeclineBody: 'They are told their application was not approved when they sign in. You can approve them later.',
  cancel: 'Cancel',
  actionFailed: 'That did not work.',

  noAlerts: 'No alerts. All quiet.',
  noActivity: 'No activity yet.',

  inviteTitle: 'Invite someone to the beta',
  inviteLead: 'We email them a link to apply for access.',
  emailLabel: 'Email address',
  send: 'Send invitation',
  sending: 'Sending...',
  analyticsTitle: 'Sign-ups, last 30 days',
  analyticsFailed: 'Sign-ups could not be loaded.',
  analyticsSummary: (total: number) => (total === 1 ? '1 sign-up in 30 days' : `${total} sign-ups in 30 days`),
  chartLabel: (total: number) => `Bar chart of sign-ups per day over the last 30 days, ${total} in all.`,
  dayBar: (date: string, count: number) => `${date}: ${count}`,
};

// Recent Activity lines, built from the audit rows (product rules A4).
export function activityText(item: {
  action: string;
  actorName: string | null;
  targetLabel: string | null;
  workspaceName: string | null;
  details: Record<string, unknown>;
}): string {
  const who = item.actorName ?? (item.details.via === 'command line' ? 'The command line' : 'Someone');
  const target = item.targetLabel ?? 'an account';
  const workspace = item.workspaceName ? `"${item.workspaceName}"` : 'a workspace';
  const role = typeof item.details.role === 'string' ? item.details.role : '';
  const lines: Record<string, string> = {
    'user.role': `${who} made ${target} ${role === 'admin' ? 'an admin' : 'a user'}`,
    'user.suspend': `${who} suspended ${target}`,
    'user.reactivate': `${who} reactivated ${target}`,
    'user.approve': `${who} approved ${target} for the beta`,
    'user.decline': `${who} declined ${target}'s application`,
    'beta.invite': `${who} invited ${target} to the beta`,
    'settings.change': `${who} changed the system settings`,
    'backup.create': `${who} made a database backup`,
    'backup.delete': `${who} deleted a database backup`,
    'backup.schedule': `${who} changed the backup schedule`,
    'workspace.create': `${who} created workspace ${workspace}`,
    'workspace.rename': `${who} renamed workspace ${workspace}`,
    'workspace.delete': `${who} deleted workspace ${workspace}`,
    'invitation.create': `${who} invited ${target} to ${workspace}`,
    'invitation.revoke': `${who} revoked an invitation to ${workspace}`,
    'invitation.accept': `${who} joined ${workspace}`,
    'member.role': `${who} changed a member's role in ${workspace}`,
    'member.remove': `${who} removed ${target} from ${workspace}`,
    'member.leave': `${who} left ${workspace}`,
  };
  return lines[item.action] ?? `${who}: ${item.action}`;
}

export const waitlistCopy = {
  title: "You're on the list",
  lead: `Thanks for applying to the ${PRODUCT_NAME} beta. An admin reviews each application; we email you as soon as you are in.`,
  signedInAs: (email: string) => `Signed in as ${email}.`,
  check: 'Check again',
  checking: 'Checking...',
  stillWaiting: 'Still waiting for approval.',
  signOut: 'Sign Out',
};

// Emails of the beta (product rules A3, A5).
export const betaMailCopy = {
  approvedSubject: `You're in: your ${PRODUCT_NAME} beta access is approved`,
  approvedBody: (name: string) => `Hi ${name}, your application for the ${PRODUCT_NAME} beta is approved. Sign in to start:`,
  approvedButton: 'Sign in',
  inviteSubject: `You are invited to the ${PRODUCT_NAME} beta`,
  inviteBody: (inviter: string) => `${inviter} invited you to the ${PRODUCT_NAME} beta. Create your account here:`,
  inviteButton: 'Apply for access',
  ignore: 'If you were not expecting this email, ignore it.',
};
