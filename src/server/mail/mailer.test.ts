import { describe, expect, it } from 'vitest';
import { consoleMailer } from './mailer.ts';
import { passwordChangedMail, resetMail, verificationMail } from './templates.ts';

describe('mail', () => {
  it('prints each message with its recipient, subject and code when no SMTP server is set', async () => {
    let printed = '';
    await consoleMailer((text) => (printed += text)).send(verificationMail('ada@example.com', 'Ada', 'K7QF3M'));
    expect(printed).toContain('To: ada@example.com');
    expect(printed).toContain('Subject: Your Tessera verification code: K7QF3M');
    expect(printed).toMatch(/\n\s+K7QF3M\n/);
  });

  it('writes plain text and HTML with the expiry, escaping names in HTML', () => {
    const mail = verificationMail('x@example.com', '<b>Eve</b>', 'ABCDEF');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(resetMail('x@example.com', 'ZZZZZZ').subject).toBe('Your Tessera password reset code: ZZZZZZ');
    expect(passwordChangedMail('x@example.com', 'Eve').text).toContain('was just changed');
  });
});
