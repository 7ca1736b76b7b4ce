import { describe, expect, it } from 'vitest';
import { providerOf } from './app-platform';
import type { Module } from './module';

const people = (name: string): Module => ({ name, provides: { people: () => ({ displayNames: async () => new Map([['u', name]]) }) } });

describe('a capability comes from the one module that provides it', () => {
  it('gives the provider, or none when no module provides it', async () => {
    const provide = providerOf([{ name: 'forum' }, people('identity')], 'people');
    expect(await provide!({} as never).displayNames(['u'])).toEqual(new Map([['u', 'identity']]));
    expect(providerOf([{ name: 'forum' }], 'entitlements')).toBeUndefined();
  });

  it('refuses two providers of one capability at start-up, naming them', () => {
    expect(() => providerOf([people('identity'), { name: 'forum' }, people('test-auth')], 'people')).toThrow(
      'people is provided by more than one module: identity, test-auth',
    );
  });
});
