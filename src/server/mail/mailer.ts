import type { MailMessage } from './templates.ts';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
  // The admin panel's System Health asks whether the mail server answers.
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

// `from` is asked at each message: System Settings may change the sender while the server runs.
export async function smtpMailer(url: string, from: () => string, log?: Log): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const sender = from();
      const fromDomain = /@([^>\s]+)/.exec(sender)?.[1] ?? 'tessera.local';
      await transport.sendMail({
        from: sender,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId ? `<${message.messageId.replace(/[^A-Za-z0-9._:-]/g, '-')}@${fromDomain}>` : undefined,
      });
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
