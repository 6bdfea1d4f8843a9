import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  raw: string;
  code: string | null;
  // An invitation link in the body, as a reader would see it.
  link: string | null;
  // A campaign email's unsubscribe link in the body.
  updatesUnsubscribeLink: string | null;
  // A notification email's unsubscribe page link in the body.
  unsubscribeLink: string | null;
}

// A real SMTP server for the tests: the app's nodemailer talks SMTP to it, and tests read the codes
// from what arrived — never from the database.
export interface SmtpSink {
  url: string;
  port: number;
  messages: CaughtMail[];
  waitFor(to: string, predicate?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

// Quoted-printable soft line breaks joined and its escapes decoded, so a long link reads whole.
function linkIn(raw: string, pattern: RegExp): string | null {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return pattern.exec(text)?.[0] ?? null;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = header(raw, 'Subject');
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject,
          raw,
          // The code stands alone on an indented line of the plain-text body, never in the subject.
          code: /^ {4}([A-Z0-9]{6})\r?$/m.exec(raw)?.[1] ?? null,
          link: linkIn(raw, /https?:\/\/[^\s"'<>]+\/invitations#[A-Za-z0-9_-]{43}/),
          updatesUnsubscribeLink: linkIn(raw, /https?:\/\/[^\s"'<>]+\/unsubscribe-updates#[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/),
          unsubscribeLink: linkIn(raw, /https?:\/\/[^\s"'<>]+\/unsubscribe#[A-Za-z0-9._-]+/),
        });
        waiters.forEach((wake) => wake());
        callback();
      });
    },
  });
  // A client killed mid-message (the crash tests do that) resets its connection; that is not our failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  function waitFor(to: string, predicate: (mail: CaughtMail) => boolean = () => true, timeoutMs = 10_000) {
    const address = to.toLowerCase();
    const find = () => [...messages].reverse().find((mail) => mail.to.includes(address) && predicate(mail));
    return new Promise<CaughtMail>((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No email to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      function check() {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(mail);
      }
      waiters.add(check);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The end-to-end tests run in other processes; they read the sink over loopback HTTP.
export async function serveSinkOverHttp(sink: SmtpSink): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase() ?? '';
    const since = Number(url.searchParams.get('since') ?? 0);
    const list = sink.messages.slice(since).filter((mail) => !to || mail.to.includes(to));
    response.setHeader('Content-Type', 'application/json');
    response.end(
      JSON.stringify({
        total: sink.messages.length,
        messages: list.map(({ to: rcpt, subject, code, link, updatesUnsubscribeLink, unsubscribeLink }) => ({
          to: rcpt,
          subject,
          code,
          link,
          updatesUnsubscribeLink,
          unsubscribeLink,
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
