// The words of the Security tab and the second sign-in step (product rules U). Kept apart from
// messages.ts, which the landing page carries.

export const securityError = {
  setupFirst: 'Start the two-factor setup first.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  codeWrong: 'That code is not valid. Check your authenticator app and try again.',
  secondStepExpired: 'This sign-in has expired. Please sign in again.',
  passwordWrong: 'Password is incorrect.',
  googleOnlyNeedsGoogle: 'This account has no password: confirm by signing in with Google again.',
  googleMismatch: 'That Google account is not the one linked to this account.',
  sessionNotFound: 'That session was not found. It may have ended already.',
  exportNotFound: 'That export was not found. It may have expired: prepare a new one.',
  soleOwner: (workspaces: string[]) =>
    `You are the only owner of ${workspaces.map((name) => `"${name}"`).join(', ')}, which ${workspaces.length > 1 ? 'have' : 'has'} other members. Make another member an owner, or delete the workspace, before deleting your account.`,
} as const;

// The `message` of the server's OK answers.
export const securityNotice = {
  othersEnded: (count: number) => `${count} other ${count === 1 ? 'session' : 'sessions'} signed out.`,
  sessionEnded: 'Session signed out.',
  twoFactorOff: 'Two-factor sign-in is off.',
  accountDeleted: 'Account deleted.',
} as const;

export const securityUi = {
  tab: 'Security',
  loading: 'Loading your security settings...',
  loadFailed: 'Your security settings could not be loaded.',
  tryAgain: 'Try again',

  sessionsTitle: 'Where you are signed in',
  sessionsLead: 'Every browser signed in to your account. Sign out any you do not recognise.',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  signedIn: (when: string) => `Signed in ${when}`,
  lastSeen: (when: string) => `Last seen ${when}`,
  ipAddress: (ip: string) => `IP ${ip}`,
  signOutSession: 'Sign out',
  signOutSessionLabel: (device: string) => `Sign out ${device}`,
  signOutOthers: 'Sign out all other sessions',
  sessionEnded: 'That session is signed out.',
  othersEnded: 'Every other session is signed out.',
  onlyThisOne: 'This is the only session.',

  twoFactorTitle: 'Two-factor sign-in',
  twoFactorOffLead: 'Ask for a code from an authenticator app as well as your password when you sign in.',
  twoFactorOnLead: 'On. Signing in asks for a code from your authenticator app, or a recovery code.',
  recoveryLeft: (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'} left.`,
  turnOn: 'Turn on two-factor sign-in',
  turnOff: 'Turn off two-factor sign-in',
  setupTitle: 'Set up your authenticator app',
  setupScan: 'Scan this QR code with your authenticator app, or type the secret into it.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Secret',
  firstCodeLabel: 'Code from the app',
  confirm: 'Turn on',
  confirming: 'Checking...',
  cancel: 'Cancel',
  enabled: 'Two-factor sign-in is on.',
  recoveryTitle: 'Save your recovery codes',
  recoveryLead:
    'Each code signs you in once if you lose your phone. They are shown only now: download them or write them down, and keep them somewhere safe.',
  download: 'Download codes (.txt)',
  recoveryFileName: 'tessera-recovery-codes.txt',
  recoveryFileHeading: 'Tessera recovery codes. Each works once.',
  done: 'I have saved them',
  disableTitle: 'Turn off two-factor sign-in',
  disableLead: 'Enter your password and a code from your app (or a recovery code).',
  passwordLabel: 'Password',
  codeLabel: 'Code',
  turningOff: 'Turning off...',
  disabled: 'Two-factor sign-in is off.',

  exportTitle: 'Download your data',
  exportLead:
    'A JSON file with your profile, workspaces, the tasks you created, your comments and your sessions. We prepare it in the background and email you when it is ready; it can be downloaded for 24 hours.',
  exportButton: 'Prepare my data',
  exportRequested: 'We are preparing your data. We will email you when it is ready.',
  exportPending: 'Preparing your data...',
  exportReady: (expires: string) => `Ready. Download it before ${expires}.`,
  exportFailed: 'This export could not be made. Ask for a new one.',
  exportDownload: 'Download',
  exportNone: 'No export yet. Prepare one and we will email you when it is ready.',
  exportLoadFailed: 'Your exports could not be loaded.',

  dangerTitle: 'Delete account',
  dangerLead:
    'Your profile, sessions and sign-in methods are removed for good. Tasks and comments in shared workspaces stay, shown as by "Deleted user".',
  deleteButton: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleteLead:
    'This cannot be undone. Workspaces where you are the only member are deleted with your account. In shared workspaces your tasks and comments stay, shown as by "Deleted user".',
  deletePasswordLead: 'Enter your password to confirm.',
  deleteGoogleLead: 'Your account has no password: confirm by signing in with Google again.',
  deleteConfirm: 'Delete account',
  deleteWithGoogle: 'Confirm with Google and delete',
  deleting: 'Deleting...',
  deleted: 'Your account is deleted.',

  activityTitle: 'Recent security activity',
  noActivity: 'Nothing yet.',
  actions: {
    'two-factor.enable': 'Two-factor sign-in turned on',
    'two-factor.disable': 'Two-factor sign-in turned off',
    'two-factor.recovery-used': 'Recovery code used to sign in',
    'two-factor.failed': 'Wrong two-factor code entered',
    'session.revoke': 'A session was signed out',
    'session.revoke-others': 'Every other session was signed out',
    'account.export': 'Data export requested',
    'passkey.add': 'Passkey added',
    'passkey.remove': 'Passkey removed',
    'passkey.sign-in': 'Signed in with a passkey',
  } as Record<string, string>,
} as const;

// The second step of a sign-in (U2), inside the Sign In dialog.
export const secondStepUi = {
  title: 'Two-factor sign-in',
  lead: 'Enter the 6-digit code from your authenticator app.',
  recoveryLead: 'Enter one of your recovery codes.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use the authenticator app instead',
  verify: 'Verify',
  verifying: 'Verifying...',
  back: 'Back to sign in',
} as const;
