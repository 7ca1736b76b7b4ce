import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { preferredTestDatabase, type TestDatabase } from '../../../test-support/platform/databases';
import { createKnex } from '../db/knex';
import { migrateSentMail, SmtpMailer } from './smtp';

const database = await preferredTestDatabase();

describe(`the SMTP mail adapter against a local SMTP server (${database.label})`, () => {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  let server: SMTPServer;
  let port: number;
  let db: TestDatabase;
  let knex: ReturnType<typeof createKnex>;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
    db = await database.create();
    knex = createKnex(db.connectionString, { poolSize: 2 });
    await migrateSentMail(knex);
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends each message once, even when a reactor delivers it again', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Verba <no-reply@verba.test>', knex);
    const message = {
      id: 'event-1',
      to: 'ada@example.org',
      subject: 'Confirm your email address for Verba',
      text: 'Open https://verba.test/app/verify-result?token=abc',
    };
    await mailer.send(message);
    await mailer.send(message); // at-least-once delivery repeats it
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@verba.test', to: ['ada@example.org'] });
    expect(received[0]!.raw).toContain('Subject: Confirm your email address for Verba');
    expect(received[0]!.raw).toContain('verify-result?token=abc');
  });
});
