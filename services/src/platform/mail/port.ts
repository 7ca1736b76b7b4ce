/** An email as the product sends it: plain text always, HTML optional. */
export interface MailMessage {
  /** Stable per message (the id of the event that asked for it): a repeat delivery is sent once. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing mail; adapters: SMTP (nodemailer) and the dev mailbox (the embedded default). */
export interface Mailer {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close?(): void;
}
