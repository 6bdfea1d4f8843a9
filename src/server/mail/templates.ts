import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { CODE_TTL_MS } from '#src/shared/limits.ts';
import { INVITATION_TTL_MS } from '#src/shared/workspaces/paths.ts';
import { betaMailCopy } from '#src/shared/admin/messages.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  // Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mail, RFC 8058).
  headers?: Record<string, string>;
  // Stable across resends of one outbox job, so the receiving side can tell a resend (set by the outbox).
  messageId?: string;
}

const minutes = CODE_TTL_MS / 60_000;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function layout(heading: string, paragraphs: string[], extra = ''): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${extra}
<p style="color:#64748b;font-size:12px">${PRODUCT_NAME}</p></body></html>`;
}

const codeBlock = (code: string) =>
  `<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,monospace;margin:24px 0">${code}</p>`;

export const linkButton = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#0f172a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

// An address not yet verified may belong to someone who never asked for this mail, so what
// goes there carries no text a stranger chose (no name), and codes sit in the body, never the subject
// (which notification previews and mail logs show).
export function verificationMail(to: string, code: string): MailMessage {
  const intro = `Welcome to ${PRODUCT_NAME}. Enter this code to verify your email address:`;
  const expiry = `The code expires in ${minutes} minutes. If you did not create an account, ignore this email.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n`,
    html: layout('Verify your email', [intro, expiry], codeBlock(code)),
  };
}

export function resetMail(to: string, code: string): MailMessage {
  const intro = `Someone asked to reset the password of your ${PRODUCT_NAME} account. Enter this code to choose a new password:`;
  const expiry = `The code expires in ${minutes} minutes. If it was not you, ignore this email; your password stays as it is.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password reset code`,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n`,
    html: layout('Reset your password', [intro, expiry], codeBlock(code)),
  };
}

// A registration with a taken address is answered like any other; its owner learns of it here.
export function accountExistsMail(to: string): MailMessage {
  const body = `Someone tried to create a ${PRODUCT_NAME} account with your email address, which already has one. If it was you, sign in, or reset your password if you have forgotten it. If it was not you, ignore this email; nothing has changed.`;
  return {
    to,
    subject: `Someone tried to create a ${PRODUCT_NAME} account with your address`,
    text: `${body}\n`,
    html: layout('You already have an account', [body]),
  };
}

// Linking Google to a password account grants a new way in, so its owner hears of it.
export function googleLinkedMail(to: string): MailMessage {
  const body = `Your ${PRODUCT_NAME} account can now be signed into with Google, because someone just signed in with the Google account of this address. If this was not you, reset your password now and contact support.`;
  return {
    to,
    subject: `Google sign-in was added to your ${PRODUCT_NAME} account`,
    text: `${body}\n`,
    html: layout('Google sign-in was added', [body]),
  };
}

export function passwordChangedMail(to: string, name: string): MailMessage {
  const body = `Hi ${name}, the password of your ${PRODUCT_NAME} account was just changed. If this was not you, reset your password now and contact support.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `${body}\n`,
    html: layout('Your password was changed', [body]),
  };
}

// The workspace and inviter names are chosen by users, so layout() escapes them in HTML; the
// link carries the token, so it stays out of the subject (subjects show in notifications and logs). The
// address may not have an account yet, so the subject carries no text a user chose.
export function invitationMail(to: string, inviterName: string, workspaceName: string, link: string): MailMessage {
  const intro = `${inviterName} invited you to join the workspace "${workspaceName}" on ${PRODUCT_NAME}.`;
  const how = `Open the link below to accept. Sign in (or create your account) with this email address, ${to}.`;
  const expiry = `The invitation works once and expires in ${INVITATION_TTL_MS / 86_400_000} days. If you were not expecting it, ignore this email.`;
  return {
    to,
    subject: `You are invited to a workspace on ${PRODUCT_NAME}`,
    text: `${intro}\n\n${how}\n\n${link}\n\n${expiry}\n`,
    html: layout(
      `Join ${workspaceName} on ${PRODUCT_NAME}`,
      [intro, how],
      `${linkButton(link, 'Accept the invitation')}<p style="line-height:1.5;font-size:13px;word-break:break-all">${escapeHtml(link)}</p><p style="line-height:1.5">${escapeHtml(expiry)}</p>`,
    ),
  };
}

// The client portal: the contact sees their projects and the work shared with them, nothing else.
export function portalInvitationMail(to: string, inviterName: string, workspaceName: string, link: string): MailMessage {
  const intro = `${inviterName} invited you to the client portal of "${workspaceName}" on ${PRODUCT_NAME}, where you can follow your projects, comment and approve work.`;
  const how = `Open the link below to accept. Sign in (or create your account) with this email address, ${to}.`;
  const expiry = `The invitation works once and expires in ${INVITATION_TTL_MS / 86_400_000} days. If you were not expecting it, ignore this email.`;
  return {
    to,
    subject: `You are invited to a client portal on ${PRODUCT_NAME}`,
    text: `${intro}\n\n${how}\n\n${link}\n\n${expiry}\n`,
    html: layout(
      `Your client portal on ${PRODUCT_NAME}`,
      [intro, how],
      `${linkButton(link, 'Open the portal')}<p style="line-height:1.5;font-size:13px;word-break:break-all">${escapeHtml(link)}</p><p style="line-height:1.5">${escapeHtml(expiry)}</p>`,
    ),
  };
}

// An endpoint that failed for 5 days is disabled; the workspace's owners
// hear of it. The URL and workspace name are user-chosen, so they stay out of the subject.
export function webhookDisabledMail(to: string, workspaceName: string, url: string): MailMessage {
  const body = `The webhook endpoint ${url} of the workspace "${workspaceName}" on ${PRODUCT_NAME} has failed every delivery for 5 days, so we disabled it. Fix the receiver, then enable the endpoint again in the workspace settings; failed deliveries can be re-sent from its delivery log.`;
  return {
    to,
    subject: `A webhook endpoint was disabled on ${PRODUCT_NAME}`,
    text: `${body}\n`,
    html: layout('A webhook endpoint was disabled', [body]),
  };
}

// An approved applicant is told, with a way in. The address was verified.
export function betaApprovedMail(to: string, name: string, signInLink: string): MailMessage {
  const intro = betaMailCopy.approvedBody(name);
  return {
    to,
    subject: betaMailCopy.approvedSubject,
    text: `${intro}\n\n${signInLink}\n`,
    html: layout(betaMailCopy.approvedSubject, [intro], linkButton(signInLink, betaMailCopy.approvedButton)),
  };
}

// Quick Actions' Add New User. Like a workspace invitation, the subject
// carries no text anyone chose.
export function betaInvitationMail(to: string, inviterName: string, registerLink: string): MailMessage {
  const intro = betaMailCopy.inviteBody(inviterName);
  return {
    to,
    subject: betaMailCopy.inviteSubject,
    text: `${intro}\n\n${registerLink}\n\n${betaMailCopy.ignore}\n`,
    html: layout(
      betaMailCopy.inviteSubject,
      [intro],
      `${linkButton(registerLink, betaMailCopy.inviteButton)}<p style="line-height:1.5">${escapeHtml(betaMailCopy.ignore)}</p>`,
    ),
  };
}
