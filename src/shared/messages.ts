// Every user-facing string of spec 2, 4, 5 and 8, copied to the letter; import, never retype. The words
// the first page needs are here; the account screens', the server's and the signed-in app's are in
// account-messages.ts, server-messages.ts and workspace-messages.ts, so the landing page does not
// download them (a bundler places a module whole).

export const loaderText = {
  checkingAuth: 'Checking authentication...',
  verifyingAccess: 'Verifying access...',
  pleaseWait: 'Please wait...',
  loading: 'Loading...',
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
