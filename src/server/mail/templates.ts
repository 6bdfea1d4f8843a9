import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { CODE_TTL_MS } from '#src/shared/limits.ts';
import { INVITATION_TTL_MS } from '#src/shared/workspaces.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const minutes = CODE_TTL_MS / 60_000;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function layout(heading: string, paragraphs: string[], extra = ''): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${extra}
<p style="color:#64748b;font-size:12px">${PRODUCT_NAME}</p></body></html>`;
}

const codeBlock = (code: string) =>
  `<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,monospace;margin:24px 0">${code}</p>`;

const linkButton = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#0f172a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

export function verificationMail(to: string, name: string, code: string): MailMessage {
  const intro = `Hi ${name}, welcome to ${PRODUCT_NAME}. Enter this code to verify your email address:`;
  const expiry = `The code expires in ${minutes} minutes. If you did not create an account, ignore this email.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n`,
    html: layout('Verify your email', [intro, expiry], codeBlock(code)),
  };
}

export function resetMail(to: string, code: string): MailMessage {
  const intro = `Someone asked to reset the password of your ${PRODUCT_NAME} account. Enter this code to choose a new password:`;
  const expiry = `The code expires in ${minutes} minutes. If it was not you, ignore this email; your password stays as it is.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n`,
    html: layout('Reset your password', [intro, expiry], codeBlock(code)),
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

// Issue 15. The workspace and inviter names are chosen by users, so layout() escapes them in HTML; the
// link carries the token, so it stays out of the subject (subjects show in notifications and logs).
export function invitationMail(to: string, inviterName: string, workspaceName: string, link: string): MailMessage {
  const intro = `${inviterName} invited you to join the workspace "${workspaceName}" on ${PRODUCT_NAME}.`;
  const how = `Open the link below to accept. Sign in (or create your account) with this email address, ${to}.`;
  const expiry = `The invitation works once and expires in ${INVITATION_TTL_MS / 86_400_000} days. If you were not expecting it, ignore this email.`;
  return {
    to,
    subject: `${inviterName} invited you to ${workspaceName} on ${PRODUCT_NAME}`,
    text: `${intro}\n\n${how}\n\n${link}\n\n${expiry}\n`,
    html: layout(
      `Join ${workspaceName} on ${PRODUCT_NAME}`,
      [intro, how],
      `${linkButton(link, 'Accept the invitation')}<p style="line-height:1.5;font-size:13px;word-break:break-all">${escapeHtml(link)}</p><p style="line-height:1.5">${escapeHtml(expiry)}</p>`,
    ),
  };
}
