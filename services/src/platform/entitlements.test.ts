import { describe, expect, it } from 'vitest';
import { mayUsePremium } from './entitlements';

const free = { userId: 'u1', isAdmin: false, subscription: 'free' as const };

describe('the premium rule: Master, administrators and the item’s author', () => {
  it('lets a Master subscriber and an administrator use any premium item', () => {
    expect(mayUsePremium({ ...free, subscription: 'master' }, { authorId: 'someone' })).toBe(true);
    expect(mayUsePremium({ ...free, isAdmin: true })).toBe(true);
  });

  it('lets a Free user use only what they wrote', () => {
    expect(mayUsePremium(free, { authorId: 'u1' })).toBe(true);
    expect(mayUsePremium(free, { authorId: 'u2' })).toBe(false);
    expect(mayUsePremium(free, { authorId: null })).toBe(false);
    expect(mayUsePremium(free)).toBe(false);
  });
});
