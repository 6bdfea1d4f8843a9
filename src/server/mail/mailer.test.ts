import { describe, expect, it } from 'vitest';
import { consoleMailer } from './mailer.ts';
import { passwordChangedMail, resetMail, verificationMail } from './templates.ts';

describe('mail', () => {
  it('prints each message with its recipient, subject and code when no SMTP server is set', async () => {
    let printed = '';
    await consoleMailer((text) => (printed += text)).send(verificationMail('ada@example.com', 'K7QF3M'));
    expect(printed).toContain('To: ada@example.com');
    expect(printed).toContain('Subject: Your Tessera verification code');
    expect(printed).toMatch(/\n\s+K7QF3M\n/);
  });

  it('writes plain text and HTML with the expiry, escaping names in HTML', () => {
    const mail = verificationMail('x@example.com', 'ABCDEF');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.html).toContain('ABCDEF');
    const changed = passwordChangedMail('x@example.com', '<b>Eve</b>');
    expect(changed.text).toContain('was just changed');
    expect(changed.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(changed.html).not.toContain('<b>Eve</b>');
  });

  // Subjects show in notification previews and mail logs.
  it('keeps codes out of subjects', () => {
    for (const mail of [verificationMail('x@example.com', 'ABCDEF'), resetMail('x@example.com', 'ZZZZZZ')]) {
      expect(mail.subject).not.toMatch(/ABCDEF|ZZZZZZ/);
      expect(mail.text).toMatch(/\n {4}(ABCDEF|ZZZZZZ)\n/);
    }
  });
});
