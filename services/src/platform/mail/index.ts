import type { Knex } from 'knex';
import type { Config } from '../config';
import { DevMailbox, migrateDevMailbox } from './dev-mailbox';
import type { Mailer } from './port';

export type { Mailer, MailMessage } from './port';
export { DevMailbox } from './dev-mailbox';

/** SMTP when SMTP_URL is set, else the dev mailbox. */
export async function createMailer(config: Config, db: Knex): Promise<Mailer> {
  if (config.SMTP_URL) {
    const { migrateSentMail, SmtpMailer } = await import('./smtp'); // nodemailer only where mail is sent
    await migrateSentMail(db);
    return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, db);
  }
  await migrateDevMailbox(db);
  return new DevMailbox(db);
}
