// The account screens' words (spec 5 and 8), copied to the letter; import, never retype.
import { PASSWORD_MIN } from './limits.ts';

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
