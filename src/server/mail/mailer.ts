import type { MailMessage } from './templates.ts';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
  // Issue 19: the admin panel's System Health asks whether the mail server answers.
  verify?(): Promise<boolean>;
}

interface Log {
  info(obj: object, msg: string): void;
}

// SMTP_URL unset: each message is printed to the server log, so codes are visible on a laptop with no set-up.
export function consoleMailer(write: (text: string) => void = (text) => process.stdout.write(text)): Mailer {
  return {
    async send(message) {
      write(
        `\n--- email (console mailer) ---\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}------------------------------\n`,
      );
    },
    close() {},
  };
}

export async function smtpMailer(url: string, from: string, log?: Log): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      log?.info({ to: message.to }, 'email sent');
    },
    verify: () =>
      transport.verify().then(
        () => true,
        () => false,
      ),
    close() {
      transport.close();
    },
  };
}
