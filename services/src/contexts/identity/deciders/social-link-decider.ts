import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import { defineEvent, type EventOf } from '../../../platform/decider/events';

/**
 * One stream per (provider, subject), named by a keyed hash so the log never holds the provider's id in
 * clear: "one account per provider identity" is then a plain optimistic append, like email claims.
 */
export const SocialIdentityLinked = defineEvent(
  'identity.SocialIdentityLinked',
  z.object({ userId: z.uuid(), provider: z.enum(SOCIAL_PROVIDERS), at: z.iso.datetime() }),
);
export const linkEvents = [SocialIdentityLinked] as const;
export type LinkEvent = EventOf<(typeof linkEvents)[number]>;

export const socialLinkStream = (linkHash: string) => `identity-social-${linkHash}`;

export interface LinkState {
  userId?: string;
}

export type LinkCommand = {
  kind: 'link';
  userId: string;
  provider: (typeof SOCIAL_PROVIDERS)[number];
  /** The current holder's account was deleted (or never landed): the identity may move on. */
  holderIsGone: boolean;
  at: string;
};

export const linkDecider: Decider<LinkCommand, LinkState, LinkEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    if (s.userId === c.userId) return [];
    if (s.userId && !c.holderIsGone) throw new DomainError('This sign-in is linked to another account', 409);
    return [{ type: 'identity.SocialIdentityLinked', data: { userId: c.userId, provider: c.provider, at: c.at } }];
  },
  evolve: (_s, e) => ({ userId: e.data.userId }),
};
