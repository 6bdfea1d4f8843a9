// Every user-facing string of spec 2, 4, 5 and 8, copied to the letter; import, never retype.
import { PASSWORD_MIN } from './limits.ts';

export const loaderText = {
  checkingAuth: 'Checking authentication...',
  verifyingAccess: 'Verifying access...',
  pleaseWait: 'Please wait...',
  loading: 'Loading...',
} as const;

// spec 5 and 9: the length in the password messages is the limit itself, so the words follow the rule.
const passwordLength = `at least ${PASSWORD_MIN} characters long`;

// spec 5
export const validation = {
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: `Password must be ${passwordLength}`,
  passwordHelp: `Must be ${passwordLength}`,
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  codeRequired: 'Please enter the verification code',
  forgotEmailRequired: 'Please enter your email address',
  resetCodeRequired: 'Reset code is required',
  newPasswordsDiffer: 'New passwords do not match',
  newPasswordTooShort: `New password must be ${passwordLength}`,
  // spec 5 requires all three fields of the password change without giving words for it.
  allPasswordFieldsRequired: 'Please fill in all three password fields',
  emailCannotChange: 'Email cannot be changed',
} as const;

// spec 8: defaults when the server gives no error text
export const failure = {
  register: 'Registration failed',
  login: 'Login failed',
  verifyEmail: 'Email verification failed',
  forgotPassword: 'Failed to send reset code',
  resetPassword: 'Password reset failed',
  updateProfile: 'Profile update failed',
  changePassword: 'Password change failed',
  providerSync: 'Authentication failed',
  googlePopup: 'Google login failed',
  resend: 'Failed to resend verification code. Please try again.',
} as const;

// spec 8: success toasts
export const success = {
  register: 'Registration successful! Please check your email for verification.',
  login: 'Successfully logged in!',
  google: 'Successfully signed in with Google!',
  verifyEmail: 'Email verified successfully!',
  forgotPassword: 'Password reset code sent to your email!',
  resetPassword: 'Password reset successfully!',
  updateProfile: 'Profile updated successfully!',
  changePassword: 'Password changed successfully!',
  logout: 'Successfully logged out!',
} as const;

// spec 2 and 4: messages carried to /login, alerts and busy labels
export const flow = {
  verifiedCanSignIn: 'Email verified successfully! You can now sign in.',
  resetCanSignIn: 'Password reset successfully! You can now sign in with your new password.',
  resendAlert: 'Verification code resent! Please check your email.',
  resendIn: (seconds: number) => `Resend in ${seconds}s`,
  contactThanks: "Thank you for contacting us! We'll get back to you soon.",
  busyResetting: 'Resetting password...',
  busySaving: 'Saving...',
  busyChanging: 'Changing...',
  googleNotConfigured: 'Google sign-in is not configured',
  // A session that ended while a page was open: signed out on another device, suspended or deleted.
  sessionEnded: 'Your session has ended. Sign in again to continue.',
} as const;

// Server answers (spec 8 leaves their text to the server).
export const serverError = {
  badCredentials: 'Invalid email or password.',
  unverified: 'Please verify your email before signing in.',
  // One answer for every code failure, whatever the account, so none tells an address has one.
  codeInvalid: 'That code is not valid or has expired.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordWeak: 'This password is too easy to guess. Add a few more words or characters, and avoid your name or email.',
  samePassword: 'The new password must be different from the current one.',
  notSignedIn: 'You are not signed in.',
  tooMany: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  crossSite: 'Cross-site requests are not allowed.',
  notFound: 'Not found.',
  badUrl: 'The address of this request is not valid.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleTokenInvalid: 'The Google sign-in could not be verified. Please try again.',
  googleOtherAccount: 'This email already belongs to an account linked to another Google account.',
} as const;

// When a page or a piece of user content fails to render, the rest of the app stays up and says so.
export const renderError = {
  page: 'This page could not be shown.',
  pageHelp: 'The rest of the app still works. Reload to try again.',
  reload: 'Reload',
  content: 'This text could not be formatted, so it is shown as written.',
} as const;

// spec 2: names of the fields, buttons and links on the top navigation bar and the account screens.
export const label = {
  features: 'Features',
  testimonials: 'Testimonials',
  pricing: 'Pricing',
  signIn: 'Sign In',
  getStarted: 'Get Started',
  adminBadge: 'ADMIN',
  dashboard: 'Dashboard',
  adminPanel: 'Admin Panel',
  profile: 'Profile',
  searchPlaceholder: 'Search...',
  profileAndSettings: 'Profile & Settings',
  signOut: 'Sign Out',
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  createAccount: 'Create Account',
  continueWithGoogle: 'Continue with Google',
  backToHome: 'Back to Home',
  sendResetCode: 'Send Reset Code',
  theme: 'Theme',
  themeSystem: 'System',
  themeLight: 'Light',
  themeDark: 'Dark',
} as const;

// Words of the account screens that the spec leaves to us (product rules G1: build what a real product would show).
export const authCopy = {
  signInTitle: 'Sign in to your account',
  signInLead: 'Welcome back. Enter your email and password.',
  forgotPasswordLink: 'Forgot password?',
  noAccount: 'New here?',
  applyForBeta: 'Apply for the beta',
  busySigningIn: 'Signing in...',
  unverifiedOffer: 'Your email is not verified yet. Enter the code we emailed you, or ask for a new one.',
  goVerify: 'Verify my email',
  registerTitle: 'Apply for the beta',
  registerLead: 'Create your account. We email you a 6-character code to confirm your address.',
  haveAccount: 'Already have an account?',
  busyCreating: 'Creating account...',
  verifyTitle: 'Check your email',
  verifyLead: 'We sent a 6-character code to',
  verificationCode: 'Verification code',
  verifyButton: 'Verify Email',
  busyVerifying: 'Verifying...',
  noCodeYet: "Didn't get the code?",
  resend: 'Resend code',
  busyResending: 'Sending...',
  backToRegister: 'Back to registration',
  forgotTitle: 'Forgot your password?',
  forgotLead: 'Enter the email you signed up with and we will send you a 6-character reset code.',
  busySending: 'Sending code...',
  backToSignIn: 'Back to Sign In',
  resetTitle: 'Set a new password',
  resetLead: 'We sent a reset code to',
  resetCode: 'Reset code',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  resetButton: 'Reset Password',
  backToForgot: 'Use a different email',
  rememberPassword: 'Remembered it?',
  // spec 9: the help text gives the code's lifetime.
  codeHelp: (minutes: number) =>
    `The code expires in ${minutes} minutes. Check your spam folder if it has not arrived, or go back to request a new one.`,
  verifyCodeHelp: (minutes: number) =>
    `The code expires in ${minutes} minutes. Check your spam folder if it has not arrived, or resend it below.`,
} as const;

// Navigation controls that the spec names only by their role.
export const navCopy = {
  mainNav: 'Main',
  // Ours, not the spec's: the shell's bar links the board after the spec's Dashboard and Profile.
  board: 'Board',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  settingsMenu: 'Account settings',
  search: 'Search',
  close: 'Close',
} as const;

// spec 2, "Signed-in app shell" and the dashboards: the shell's words, to the letter.
export const workspaceCopy = {
  workspaceItems: ['Settings', 'Manage', 'Apps', 'Templates', 'Custom Fields', 'Automations', 'Invite', 'Create Workspace'],
  workspaceName: 'Tessera Workspace',
  notifications: 'Notifications',
  profileSettings: 'Profile Settings',
  billing: 'Billing',
  signOut: 'Sign Out',
  home: 'Home',
  calendar: 'Calendar',
  aiMode: 'AI Mode',
  more: 'More',
  zoomMeeting: 'Zoom Meeting',
  whiteboard: 'Whiteboard',
  docs: 'Docs',
  apps: 'Apps',
  settings: 'Settings',
  settingsItems: ['Settings', 'Help & Support', 'Log out'],
  invite: 'Invite',
  sendInvite: 'Send Invite',
  upgrade: 'Upgrade',
  upgradeToPro: 'Upgrade to Pro',
  panels: {
    home: ['Create New Task', 'Inbox', 'Assigned Comments', 'My Tasks', 'Favorites', 'Workspaces'],
    calendar: ['Create Event', 'Today', 'Week', 'Month', 'Year', 'Calendars', 'Schedule Meeting', 'Team Availability'],
    aiMode: ['New AI Task', 'AI Tools', 'Analytics'],
  },
  clientStats: ['Total Clients', 'Emails Sent', 'Active Projects', 'Revenue'],
  recentClients: 'Recent Clients',
  clientColumns: ['Client', 'Company', 'Status', 'Last Contact', 'Actions'],
  recentActivity: 'Recent Activity',
  quickActions: 'Quick Actions',
  clientActions: ['Add New Client', 'Send Email Campaign', 'View Analytics'],
  adminStats: ['Total Users', 'Active Sessions', 'Revenue', 'System Health'],
  userManagement: 'User Management',
  systemAlerts: 'System Alerts',
  adminActions: ['Add New User', 'System Settings', 'View Analytics', 'Database Tools'],
  profileTab: 'Profile Information',
  passwordTab: 'Change Password',
  comingSoon: 'Coming soon',
  adminLabel: 'Admin',
  userLabel: 'User',
} as const;
