import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './port';

export async function migrateSentMail(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411006)');
    if (await trx.schema.hasTable('mail_sent')) return;
    await trx.schema.createTable('mail_sent', (tb) => {
      tb.text('id').primary();
      tb.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  });
}

/**
 * SMTP through nodemailer. Reactors deliver at least once, so sent ids are remembered: a repeated
 * delivery is skipped (only a crash between the SMTP answer and the insert can send twice).
 */
export class SmtpMailer implements Mailer {
  readonly name = 'smtp';
  private readonly transport: nodemailer.Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly db: Knex,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(m: MailMessage): Promise<void> {
    if (await this.db('mail_sent').where({ id: m.id }).first()) return;
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
    await this.db('mail_sent').insert({ id: m.id }).onConflict('id').ignore();
  }

  close(): void {
    this.transport.close();
  }
}
