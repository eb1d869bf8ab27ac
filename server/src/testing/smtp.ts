import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files, their content as UTF-8 text. */
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read
 * the mails the product sent and follow their links.
 */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          mails.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: String(mail.html || ''),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the next mail to `to` whose subject matches, and removes it from the box. */
  async function next(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = mails.findIndex((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
      if (index >= 0) return mails.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no mail to ${to} within ${timeoutMs} ms (have: ${mails.map((m) => m.to).join(', ')})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link in a mail's text that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S*${path}\\S*`));
  if (!match) throw new Error(`no link with ${path} in mail "${mail.subject}"`);
  return match[0];
}
