import type { Authenticator } from '../../platform/http/routes';
import type { Allowance, TtsUsage } from './domain/usage';

/** The caller's tier now, read fresh like the role. */
export async function subscriptionOf(auth: Pick<Authenticator, 'isMaster'>, userId: string): Promise<'master' | 'free'> {
  return (await auth.isMaster(userId)) ? 'master' : 'free';
}

/** What is left of the month's text-to-speech allowance. */
export class SpeechQueries {
  constructor(
    private readonly usage: TtsUsage,
    private readonly auth: Pick<Authenticator, 'isMaster'>,
  ) {}

  async allowance(userId: string): Promise<Allowance> {
    return this.usage.allowance(userId, await subscriptionOf(this.auth, userId));
  }
}
