import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { layout, linkButton, type MailMessage } from '#src/server/mail/templates.ts';

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

export const wrongCodesMail = (to: string, count: number) =>
  notice(
    to,
    `Wrong two-factor codes were entered for your ${PRODUCT_NAME} account`,
    'Wrong two-factor codes',
    `Someone signed in to your ${PRODUCT_NAME} account with its password, then entered a wrong two-factor code ${count} times today. They did not get in. Your password is known to them.`,
  );

export const sessionsEndedMail = (to: string, count: number) =>
  notice(
    to,
    `Sessions of your ${PRODUCT_NAME} account were signed out`,
    'Sessions signed out',
    `${count} ${count === 1 ? 'session of your account was' : 'sessions of your account were'} just signed out from Profile Settings → Security.`,
  );

export const passkeyAddedMail = (to: string, name: string) =>
  notice(
    to,
    `A passkey was added to your ${PRODUCT_NAME} account`,
    'A passkey was added',
    `A passkey named "${name}" can now sign in to your ${PRODUCT_NAME} account without a password.`,
  );

export const passkeyRemovedMail = (to: string, name: string) =>
  notice(
    to,
    `A passkey was removed from your ${PRODUCT_NAME} account`,
    'A passkey was removed',
    `The passkey named "${name}" can no longer sign in to your ${PRODUCT_NAME} account.`,
  );

export function accountDeletedMail(to: string): MailMessage {
  const body = `Your ${PRODUCT_NAME} account and its personal data have been deleted, as you asked. Tasks and comments you left in shared workspaces stay there, shown as by "Deleted user". This is the last email we send you.`;
  return { to, subject: `Your ${PRODUCT_NAME} account is deleted`, text: `${body}\n`, html: layout('Your account is deleted', [body]) };
}

// product rules U4: the export is ready; the link opens the Security tab, where only its owner, signed in,
// can download it.
export const exportReadyMail = (to: string, link: string, expires: string) => {
  const body = `The copy of your ${PRODUCT_NAME} data you asked for is ready. Download it from Profile Settings → Security before ${expires} UTC; after that it is deleted.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    text: `${body}\n\n${link}\n`,
    html: layout('Your data is ready', [body], linkButton(link, 'Open Security')),
  };
};
