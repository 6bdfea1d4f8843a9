import { PRODUCT_NAME } from '#src/shared/brand.ts';
import { CODE_TTL_MS } from '#src/shared/limits.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const minutes = CODE_TTL_MS / 60_000;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function layout(heading: string, paragraphs: string[], code?: string): string {
  const codeBlock = code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,monospace;margin:24px 0">${code}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${codeBlock}
<p style="color:#64748b;font-size:12px">${PRODUCT_NAME}</p></body></html>`;
}

export function verificationMail(to: string, name: string, code: string): MailMessage {
  const intro = `Hi ${name}, welcome to ${PRODUCT_NAME}. Enter this code to verify your email address:`;
  const expiry = `The code expires in ${minutes} minutes. If you did not create an account, ignore this email.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n`,
    html: layout('Verify your email', [intro, expiry], code),
  };
}

export function resetMail(to: string, code: string): MailMessage {
  const intro = `Someone asked to reset the password of your ${PRODUCT_NAME} account. Enter this code to choose a new password:`;
  const expiry = `The code expires in ${minutes} minutes. If it was not you, ignore this email; your password stays as it is.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    text: `${intro}\n\n    ${code}\n\n${expiry}\n`,
    html: layout('Reset your password', [intro, expiry], code),
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
