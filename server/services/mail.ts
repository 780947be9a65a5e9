import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { mailsSent } from '../lib/metrics';

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
        mailsSent.inc({ result: 'sent' });
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: opts.from, ...mail });
      } catch (error) {
        mailsSent.inc({ result: 'failed' });
        throw error;
      }
      mailsSent.inc({ result: 'sent' });
    },
  };
}
