import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { layout, type MailMessage } from '#src/server/mail/templates.ts';

// product rules U6: every account-security change is emailed to the account's address, so a change the
// owner did not make does not go unnoticed. No codes or secrets in these mails.
function notice(to: string, subject: string, heading: string, body: string): MailMessage {
  const advice = 'If this was not you, change your password now and sign out every other session in Profile Settings → Security.';
  return { to, subject, text: `${body}\n\n${advice}\n`, html: layout(heading, [body, advice]) };
}

export const twoFactorOnMail = (to: string) =>
  notice(
    to,
    `Two-factor sign-in is on for your ${PRODUCT_NAME} account`,
    'Two-factor sign-in is on',
    `Signing in to your ${PRODUCT_NAME} account now asks for a code from your authenticator app, or one of your recovery codes.`,
  );

export const twoFactorOffMail = (to: string) =>
  notice(
    to,
    `Two-factor sign-in is off for your ${PRODUCT_NAME} account`,
    'Two-factor sign-in is off',
    `Two-factor sign-in was just turned off for your ${PRODUCT_NAME} account. Signing in now needs only your password or Google.`,
  );

export const recoveryCodeUsedMail = (to: string, left: number) =>
  notice(
    to,
    `A recovery code was used to sign in to ${PRODUCT_NAME}`,
    'A recovery code was used',
    `Someone just signed in to your ${PRODUCT_NAME} account with one of your recovery codes. ${left} ${left === 1 ? 'code is' : 'codes are'} left.`,
  );

export const sessionsEndedMail = (to: string, count: number) =>
  notice(
    to,
    `Sessions of your ${PRODUCT_NAME} account were signed out`,
    'Sessions signed out',
    `${count} ${count === 1 ? 'session of your account was' : 'sessions of your account were'} just signed out from Profile Settings → Security.`,
  );

export function accountDeletedMail(to: string): MailMessage {
  const body = `Your ${PRODUCT_NAME} account and its personal data have been deleted, as you asked. Tasks and comments you left in shared workspaces stay there, shown as by "Deleted user". This is the last email we send you.`;
  return { to, subject: `Your ${PRODUCT_NAME} account is deleted`, text: `${body}\n`, html: layout('Your account is deleted', [body]) };
}
