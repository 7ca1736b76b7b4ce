import { describe, expect, it } from 'vitest';
import { HOST_SINGLETONS, incompatibility } from './compatibility';

const manifest = (react: { version: string; requiredVersion: string }, kit = '0.1.0') => ({
  shared: [
    { name: 'react', singleton: true, ...react },
    { name: 'react-dom', singleton: true, ...react },
    { name: '@verba/kit', singleton: true, version: kit, requiredVersion: `^${kit}` },
  ],
});

describe('fragment compatibility with the shell', () => {
  it('accepts a fragment built against the shell singletons', () => {
    expect(incompatibility(manifest({ version: HOST_SINGLETONS.react!, requiredVersion: '^19.0.0' }))).toBeUndefined();
  });

  it('refuses a fragment built for another React major and says which', () => {
    expect(incompatibility(manifest({ version: '18.3.1', requiredVersion: '^18.0.0' }))).toBe(
      `it was built for react ^18.0.0 (this page has ${HOST_SINGLETONS.react})`,
    );
  });

  it('refuses a fragment built against another kit', () => {
    expect(incompatibility(manifest({ version: HOST_SINGLETONS.react!, requiredVersion: '^19.0.0' }, '2.0.0'))).toMatch(
      /^it was built for @verba\/kit \^2\.0\.0/,
    );
  });

  it('refuses a manifest without shared modules', () => {
    expect(incompatibility({})).toBe('its manifest lists no shared modules');
  });
});
