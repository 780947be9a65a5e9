import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Mail through SMTP_URL; without it, the mail is written to the server log (docs/operations.md#configuration). */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        opts.log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL set):\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
    },
  };
}
