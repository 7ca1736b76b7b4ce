import type { Knex } from 'knex';
import type { Mailer, MailMessage } from './port';

export async function migrateDevMailbox(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411005)');
    if (await trx.schema.hasTable('dev_mailbox')) return;
    await trx.schema.createTable('dev_mailbox', (tb) => {
      tb.text('id').primary();
      tb.text('to_address').notNullable();
      tb.text('subject').notNullable();
      tb.text('text').notNullable();
      tb.text('html');
      tb.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      tb.index(['to_address', 'sent_at']);
    });
  });
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
}

/**
 * The embedded default: every message is stored (not sent) and shown in the app's dev mailbox page,
 * so sign-up, verification and password reset work end to end without a mail server.
 */
export class DevMailbox implements Mailer {
  readonly name = 'dev-mailbox';
  constructor(private readonly db: Knex) {}

  async send(m: MailMessage): Promise<void> {
    await this.db('dev_mailbox')
      .insert({ id: m.id, to_address: m.to.toLowerCase(), subject: m.subject, text: m.text, html: m.html ?? null })
      .onConflict('id')
      .ignore();
  }

  async list(options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
    const q = this.db('dev_mailbox')
      .orderBy('sent_at', 'desc')
      .limit(options.limit ?? 50);
    if (options.to) q.where({ to_address: options.to.trim().toLowerCase() });
    const rows: Array<{ id: string; to_address: string; subject: string; text: string; html: string | null; sent_at: Date }> = await q;
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text,
      html: r.html,
      sentAt: new Date(r.sent_at).toISOString(),
    }));
  }

  /** Erasure: an account's deletion removes the mail kept for its address. */
  async forget(to: string): Promise<void> {
    await this.db('dev_mailbox').where({ to_address: to.trim().toLowerCase() }).delete();
  }
}
