import fs from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** What services call: queue a mail. Delivery happens later, by whichever instance claims it (mail-dispatcher.ts). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The last hop: hands one mail to SMTP, or to a folder on a machine without a mail server. */
export interface MailTransport {
  readonly name: string;
  deliver(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as JSON under <DATA_DIR>/outbox/ and logged, so a
 * local install can still restore passwords (the code is in the file) without a mail server.
 */
export function createMailTransport(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      name: 'smtp',
      async deliver(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    name: 'folder',
    async deliver(mail) {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      await fs.writeFile(file, JSON.stringify({ from: options.from, ...mail }, null, 2));
      options.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to outbox (SMTP_URL unset)',
      );
    },
  };
}
