import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@platform/service-kit';

export interface TOutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The template's name, used in the .eml file name and the logs. */
  template: string;
  /** The sender's display name (the platform's name from settings); MAIL_FROM's own name when not given. */
  fromName?: string | undefined;
}

export interface TSentMail {
  messageId: string;
  /** The .eml file written when no SMTP server is configured. */
  file?: string;
}

export interface TMailer {
  send(mail: TOutgoingMail): Promise<TSentMail>;
  close(): void;
}

export interface TMailerOptions {
  /** MAIL_FROM: `Name <address>` or an address; its address is the sender's, its name the fallback display name. */
  from: string;
  /** smtp://user:pass@host:587; when empty, mails are written as .eml files into outboxDir. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  logger: Logger;
}

/** `2024-05-01T10-20-30-123Z-password-reset-ada_example.com.eml`: the ISO time with ':' and '.' made file-safe. */
export function outboxFileName(sentAt: Date, template: string, recipient: string): string {
  const time = sentAt.toISOString().replace(/[:.]/g, '-');
  const safe = (value: string) => value.toLowerCase().replace(/[^a-z0-9.-]+/g, '_').replace(/^\.+/, '').slice(0, 100) || 'unknown';
  return `${time}-${safe(template)}-${safe(recipient)}.eml`;
}

/** The sender of one mail: MAIL_FROM's address under the given display name (nodemailer encodes it for the header). */
export function senderOf(from: string, fromName: string | undefined): string | { name: string; address: string } {
  if (!fromName) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: fromName, address };
}

/**
 * Sends through SMTP when a server is configured (over a pool of reused connections); otherwise writes each mail as
 * an RFC 822 .eml file (the exact bytes an SMTP server would receive) so a developer can open it and nothing is
 * silently dropped.
 */
export function createMailer(options: TMailerOptions): TMailer {
  if (options.smtpUrl) {
    // Pooled (nodemailer's SMTP pool: up to 5 connections, each reused for up to 100 mails): a mail per withdrawal
    // must not cost a new connection, TLS handshake and login each. SMTP_URL's own query (`?pool=false`) still wins.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: senderOf(options.from, mail.fromName), to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
        options.logger.info({ template: mail.template, messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const outboxDir = resolve(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  // The folder is made once, not before every mail (a mkdir per mail was 3 % of the admin process's CPU in the
  // withdrawals bench); made again if it has gone meanwhile.
  let folder: Promise<unknown> | undefined;
  const ensureFolder = () => (folder ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
    folder = undefined;
    throw error;
  }));
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: senderOf(options.from, mail.fromName), to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport did not return the message as a buffer');
      await ensureFolder();
      const base = outboxFileName(new Date(), mail.template, mail.to);
      const file = await writeNewFile(outboxDir, base, info.message, () => {
        folder = undefined;
        return ensureFolder();
      });
      options.logger.info({ template: mail.template, messageId: info.messageId, file }, 'mail written to the outbox folder');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

/**
 * Writes without overwriting: two mails in the same millisecond to the same address get `-1`, `-2`, ... When the
 * folder is missing (removed while the service runs), `remakeFolder` makes it once and the write is tried again.
 */
async function writeNewFile(dir: string, name: string, content: Buffer, remakeFolder: () => Promise<unknown>): Promise<string> {
  let remade = false;
  for (let attempt = 0; ; attempt += 1) {
    const file = join(dir, attempt === 0 ? name : name.replace(/\.eml$/, `-${attempt}.eml`));
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && !remade) {
        remade = true;
        await remakeFolder();
        attempt -= 1;
        continue;
      }
      if (code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}
