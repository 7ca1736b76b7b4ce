import { SUPPORT_MESSAGES, SUPPORT_RATE_LIMIT, type SupportMessage } from '@verba/contracts';
import { createRateLimiter, type RateLimiter } from '../../../platform/cache/rate-limiter';
import type { Cache } from '../../../platform/cache/port';
import { HttpError } from '../../../platform/http/problem';
import type { Brevo } from '../adapters/brevo/port';

/** 429 with the seconds to wait (the route sends them as Retry-After). */
export class SupportRateLimited extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, SUPPORT_MESSAGES.tooMany);
  }
}

/**
 * The contact-us form: one message goes to the support team (reply-to the sender), one confirmation to
 * the sender. Each route is limited per IP address, so the form cannot be used to spam either inbox.
 */
export class SupportMail {
  private readonly limiters: Record<'admin' | 'user', RateLimiter>;

  constructor(
    private readonly brevo: Brevo,
    cache: Cache,
    private readonly supportEmail: string,
  ) {
    const options = { limit: SUPPORT_RATE_LIMIT.perIp, windowMs: SUPPORT_RATE_LIMIT.windowMs };
    this.limiters = {
      admin: createRateLimiter(cache, { ...options, prefix: 'support:admin:ip' }),
      user: createRateLimiter(cache, { ...options, prefix: 'support:user:ip' }),
    };
  }

  async toSupportTeam(m: SupportMessage, ip: string): Promise<void> {
    await this.limit('admin', ip);
    await this.brevo.sendEmail({
      to: { email: this.supportEmail, name: 'Verba support' },
      replyTo: { email: m.email, name: m.name },
      subject: `Support request from ${m.name}`,
      text: `From: ${m.name} <${m.email}>\n\n${m.message}`,
    });
  }

  async confirmToSender(m: SupportMessage, ip: string): Promise<void> {
    await this.limit('user', ip);
    await this.brevo.sendEmail({
      to: { email: m.email, name: m.name },
      replyTo: { email: this.supportEmail, name: 'Verba support' },
      subject: 'We received your message',
      text:
        `Hello ${m.name},\n\nthank you for writing to Verba support. We usually answer within two working days.\n\n` +
        `Your message:\n\n${m.message}\n\nThe Verba team`,
    });
  }

  private async limit(which: 'admin' | 'user', ip: string): Promise<void> {
    const { allowed, retryAfterMs } = await this.limiters[which].hit(ip);
    if (!allowed) throw new SupportRateLimited(Math.ceil(retryAfterMs / 1000));
  }
}
