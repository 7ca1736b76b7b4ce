import { describe, expect, it } from 'vitest';
import { userDecider } from '../deciders/account-decider';
import { UserRegistered } from '../events';

const base = {
  userId: '11111111-1111-4111-8111-111111111111',
  emailHash: 'hash',
  email: 'v1.email',
  name: 'v1.name',
  at: '2026-01-01T00:00:00.000Z',
};

describe('UserRegistered for social accounts', () => {
  it('still reads the password registrations already in the log', () => {
    const old = { ...base, passwordHash: 'v1.hash', provider: 'password' };
    expect(UserRegistered.schema.parse(old)).toEqual(old);
  });

  it('takes a provider and no password hash', () => {
    const social = { ...base, provider: 'apple' };
    expect(UserRegistered.schema.parse(social)).toEqual(social);
    expect(UserRegistered.schema.safeParse({ ...base, provider: 'myspace' }).success).toBe(false);
    expect(UserRegistered.schema.safeParse({ ...base, provider: 'google', passwordHash: 'clear-text' }).success).toBe(false);
  });

  it('registers a social user without a password, and a password user as before', () => {
    const state = userDecider.initialState();
    const [social] = userDecider.decide({ kind: 'register', ...base, provider: 'google' }, state);
    expect(social).toEqual({ type: 'identity.UserRegistered', data: { ...base, provider: 'google' } });
    const [password] = userDecider.decide({ kind: 'register', ...base, passwordHash: 'v1.hash' }, state);
    expect(password?.data).toEqual({ ...base, passwordHash: 'v1.hash', provider: 'password' });
  });
});
