import { describe, expect, it } from 'vitest';
import { devToolsProblem, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded database on 127.0.0.1:3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, NODE_ENV: 'development' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toMatch(/\.verba$/);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT: PORT must be a number[\s\S]*DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('reads BACKUP_EVERY as seconds, minutes, hours or days, or off; refuses anything else by name', () => {
    expect(loadConfig({}).BACKUP_EVERY).toBe(86_400_000);
    expect(loadConfig({ BACKUP_EVERY: '30m' }).BACKUP_EVERY).toBe(1_800_000);
    expect(loadConfig({ BACKUP_EVERY: '7d', BACKUP_KEEP: '3' })).toMatchObject({ BACKUP_EVERY: 604_800_000, BACKUP_KEEP: 3 });
    expect(loadConfig({ BACKUP_EVERY: 'off' }).BACKUP_EVERY).toBeUndefined();
    expect(() => loadConfig({ BACKUP_EVERY: '0h', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_KEEP: BACKUP_KEEP must be at least 1[\s\S]*BACKUP_EVERY: BACKUP_EVERY must be seconds, minutes, hours or days/,
    );
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@/db?host=/var/run/postgresql' }).DATABASE_URL).toContain('host=');
  });

  it('refuses production without PUBLIC_URL, naming it; takes only an http(s) one', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'a-production-secret-of-at-least-32-chars' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://verba.example' }).PUBLIC_URL).toBe('https://verba.example');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined(); // development: http://HOST:PORT
  });

  it('will not run the dev mailbox or the local OpenID provider on a non-loopback HOST unless told to', () => {
    expect(devToolsProblem(loadConfig({}))).toBeUndefined();
    expect(devToolsProblem(loadConfig({ HOST: 'localhost' }))).toBeUndefined();
    const open = devToolsProblem(loadConfig({ HOST: '0.0.0.0' }));
    expect(open).toMatch(/HOST=0\.0\.0\.0 is not a loopback address/);
    expect(open).toContain('the dev mailbox (SMTP_URL is unset)');
    expect(open).toContain('the local OpenID provider (no client id and secret for google, facebook, apple)');
    expect(open).toContain('DEV_TOOLS_ON_PUBLIC_HOST=true');
    expect(devToolsProblem(loadConfig({ HOST: '0.0.0.0', DEV_TOOLS_ON_PUBLIC_HOST: 'true' }))).toBeUndefined();
    // Only what is on is named; with neither on there is nothing to refuse.
    const clients = {
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
      APPLE_CLIENT_ID: 'a',
      APPLE_CLIENT_SECRET: 'as',
    };
    expect(devToolsProblem(loadConfig({ HOST: '0.0.0.0', ...clients }))).not.toContain('OpenID');
    expect(devToolsProblem(loadConfig({ HOST: '0.0.0.0', ...clients, SMTP_URL: 'smtp://mail.example:25' }))).toBeUndefined();
    // Production never runs them.
    expect(
      devToolsProblem(
        loadConfig({
          HOST: '0.0.0.0',
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://verba.example',
          SECRET_KEY: 'a-production-secret-of-at-least-32-chars',
        }),
      ),
    ).toBeUndefined();
  });
});
