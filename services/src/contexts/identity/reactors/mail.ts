import type { Reactor } from '../../../platform/module';
import type { Mailer } from '../../../platform/mail/port';
import type { EventStore, RecordedEvent } from '../../../platform/event-store/port';
import { EventCodec } from '../../../platform/decider/events';
import { PasswordResetRequested, UserRegistered, VerificationEmailRequested, userEvents, userStream } from '../events';
import type { LinkPurpose, LinkSigner } from '../domain/links';
import type { PersonalDataVault } from '../domain/personal-data';

const codec = new EventCodec([...userEvents]);

interface Deps {
  store: EventStore;
  vault: PersonalDataVault;
  mailer: Mailer;
  links: LinkSigner;
  appUrl: string;
}

const MAILS = {
  [VerificationEmailRequested.type]: {
    purpose: 'verify-email',
    path: '/app/verify-result',
    subject: 'Confirm your email address for Verba',
    text: (name: string, link: string) =>
      `Hello ${name},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up for Verba, you can ignore this email.\n\nVerba`,
  },
  [PasswordResetRequested.type]: {
    purpose: 'reset-password',
    path: '/app/new-password',
    subject: 'Reset your Verba password',
    text: (name: string, link: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your Verba account. To choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email: your password stays as it is.\n\nVerba`,
  },
} as const satisfies Record<string, { purpose: LinkPurpose; path: string; subject: string; text: (name: string, link: string) => string }>;

/**
 * Emails the verification and password-reset links after the events are in the log (never inside the
 * request). The address comes from the user's own stream, decrypted with their key: a deleted
 * account (key shredded) gets nothing. The message id is the event id, so a repeat sends once.
 */
export function identityMailReactor(d: Deps): Reactor {
  return {
    name: 'identity-mail',
    eventTypes: [VerificationEmailRequested.type, PasswordResetRequested.type],
    async react(recorded: RecordedEvent) {
      const userId = recorded.streamId.slice('identity-user-'.length);
      const key = await d.vault.keyFor(userId);
      if (!key) return;
      const registered = (await d.store.readStream(userStream(userId), { maxCount: 1 })).map((e) => codec.decode(e))[0];
      if (registered?.type !== UserRegistered.type) return;
      const to = d.vault.decrypt(key, registered.data.email);
      const name = d.vault.decrypt(key, registered.data.name);
      const event = codec.decode(recorded);
      if (event.type !== VerificationEmailRequested.type && event.type !== PasswordResetRequested.type) return;
      const mail = MAILS[event.type];
      const token = d.links.sign({
        purpose: mail.purpose,
        userId,
        tokenId: event.data.tokenId,
        expiresAt: Date.parse(event.data.expiresAt),
      });
      const link = `${d.appUrl}${mail.path}?token=${encodeURIComponent(token)}`;
      await d.mailer.send({ id: recorded.id, to, subject: mail.subject, text: mail.text(name, link) });
    },
  };
}
