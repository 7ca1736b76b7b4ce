import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/platform/decider-spec';
import { linkDecider, type LinkEvent } from './social-link-decider';

const ada = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const at = '2026-01-01T00:00:00.000Z';
const linked = (userId: string): LinkEvent => ({ type: 'identity.SocialIdentityLinked', data: { userId, provider: 'google', at } });

describe('social identity link', () => {
  const spec = deciderSpec(linkDecider);
  it('links a new identity', () => {
    spec
      .given([])
      .when({ kind: 'link', userId: ada, provider: 'google', holderIsGone: false, at })
      .then([linked(ada)]);
  });
  it('is idempotent for the same account', () => {
    spec
      .given([linked(ada)])
      .when({ kind: 'link', userId: ada, provider: 'google', holderIsGone: false, at })
      .then([]);
  });
  it('never takes an identity from a living account', () => {
    spec
      .given([linked(ada)])
      .when({ kind: 'link', userId: bob, provider: 'google', holderIsGone: false, at })
      .thenThrows('linked to another account');
  });
  it('moves an identity whose account was deleted', () => {
    spec
      .given([linked(ada)])
      .when({ kind: 'link', userId: bob, provider: 'google', holderIsGone: true, at })
      .then([linked(bob)]);
  });
});
