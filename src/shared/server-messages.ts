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
