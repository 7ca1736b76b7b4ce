import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { runServer } from './server';

describe('starting with development tools on a non-loopback HOST', () => {
  it('refuses before opening anything, saying why and how to go on', async () => {
    // The api role without DATABASE_URL would fail on that next: this refusal comes first.
    const start = runServer('api', loadConfig({ HOST: '0.0.0.0', LOG_LEVEL: 'silent' }), createLogger('silent'), []);
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/not a loopback address[\s\S]*dev mailbox[\s\S]*DEV_TOOLS_ON_PUBLIC_HOST=true/);
  });
});
