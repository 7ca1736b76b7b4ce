import { createHash } from 'node:crypto';
import { SUPPORT_MESSAGES, SUPPORT_RATE_LIMIT, type SupportMessage } from '@verba/contracts';
import { createRateLimiter, type RateLimiter } from '../../../platform/cache/rate-limiter';
import type { Cache } from '../../../platform/cache/port';
import { RateLimitedError } from '../../../platform/http/problem';
import type { Brevo } from '../adapters/brevo/port';

/** 429 with the seconds to wait (sent as Retry-After). */
export class SupportRateLimited extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(SUPPORT_MESSAGES.tooMany, retryAfterSeconds);
  }
}

/** Who sends the form: the request's address and the signed-in account, if any. */
export interface SupportSender {
  ip: string;
  userId?: string;
}

type Route = 'admin' | 'user';
type Key = 'ip' | 'address' | 'account';

/** The cache never holds an email address in clear. */
const addressKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * The contact-us form: one message goes to the support team (reply-to the sender), one confirmation to
 * the sender. Each route is limited per IP address, per email address and per account, so the form cannot
 * be used to spam either inbox, from one address or from many.
 */
export class SupportMail {
  private readonly limiters: Record<Route, Record<Key, RateLimiter>>;

  constructor(
    private readonly brevo: Brevo,
    cache: Cache,
    private readonly supportEmail: string,
  ) {
    const { windowMs } = SUPPORT_RATE_LIMIT;
    const limits: Record<Key, number> = {
      ip: SUPPORT_RATE_LIMIT.perIp,
      address: SUPPORT_RATE_LIMIT.perAddress,
      account: SUPPORT_RATE_LIMIT.perAccount,
    };
    const of = (route: Route) =>
      Object.fromEntries(
        (Object.keys(limits) as Key[]).map((k) => [
          k,
          createRateLimiter(cache, { limit: limits[k], windowMs, prefix: `support:${route}:${k}` }),
        ]),
      ) as Record<Key, RateLimiter>;
    this.limiters = { admin: of('admin'), user: of('user') };
  }

  async toSupportTeam(m: SupportMessage, from: SupportSender): Promise<void> {
    await this.limit('admin', m, from);
    await this.brevo.sendEmail({
      to: { email: this.supportEmail, name: 'Verba support' },
      replyTo: { email: m.email, name: m.name },
      subject: `Support request from ${m.name}`,
      text: `From: ${m.name} <${m.email}>\n\n${m.message}`,
    });
  }

  async confirmToSender(m: SupportMessage, from: SupportSender): Promise<void> {
    await this.limit('user', m, from);
    await this.brevo.sendEmail({
      to: { email: m.email, name: m.name },
      replyTo: { email: this.supportEmail, name: 'Verba support' },
      subject: 'We received your message',
      text:
        `Hello ${m.name},\n\nthank you for writing to Verba support. We usually answer within two working days.\n\n` +
        `Your message:\n\n${m.message}\n\nThe Verba team`,
    });
  }

  private async limit(route: Route, m: SupportMessage, from: SupportSender): Promise<void> {
    const l = this.limiters[route];
    const results = await Promise.all([
      l.ip.hit(from.ip),
      l.address.hit(addressKey(m.email)),
      ...(from.userId ? [l.account.hit(from.userId)] : []),
    ]);
    const waitMs = Math.max(...results.map((r) => (r.allowed ? 0 : r.retryAfterMs)));
    if (waitMs > 0) throw new SupportRateLimited(waitMs / 1000);
  }
}
