import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { mailsSent } from '@server/lib/metrics';
import { createMailer } from '@server/services/mail';
import { startSmtpSink, type SmtpSink } from '../helpers';

/** Mail (docs/operations.md#metrics): each mail handed over counts as sent, each refused one as failed. */
const mails = async () => {
  // Copied now: prom-client hands out the very objects later counts change.
  const counts = new Map((await mailsSent.get()).values.map((v) => [v.labels.result, v.value]));
  return (result: string) => counts.get(String(result)) ?? 0;
};

/** A port where no SMTP server answers: the connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

const log = pino({ level: 'silent' });
const mail = { to: 'someone@mail.test', subject: 'Your code', text: '123456' };

describe('the mail metrics', () => {
  it('counts a mail the SMTP server took as sent', async () => {
    const prior = await mails();
    await createMailer({ smtpUrl: sink.url, from: 'market@mail.test', log }).send(mail);
    await sink.waitFor(mail.to);
    const now = await mails();
    expect(now('sent') - prior('sent')).toBe(1);
    expect(now('failed') - prior('failed')).toBe(0);
  });

  it('counts a mail no SMTP server took as failed, and still throws', async () => {
    const prior = await mails();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'market@mail.test', log });
    await expect(mailer.send(mail)).rejects.toThrow();
    const now = await mails();
    expect(now('failed') - prior('failed')).toBe(1);
    expect(now('sent') - prior('sent')).toBe(0);
  });

  it('counts a mail written to the log without SMTP_URL as sent', async () => {
    const prior = await mails();
    await createMailer({ from: 'market@mail.test', log }).send(mail);
    expect((await mails())('sent') - prior('sent')).toBe(1);
  });
});
