import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's secret, from SECRET_KEY, or (embedded default only) generated once into DATA_DIR so sessions
 * survive restarts. Purpose-specific keys are derived from it with HKDF, so one leak does not become two.
 */
export interface Secrets {
  derive(purpose: 'session-jwt' | 'email-lookup' | 'signed-links' | 'social-sign-in' | 'name-search'): Buffer;
}

export function loadSecrets(options: { secretKey?: string; dataDir: string; production: boolean }): Secrets {
  let master: Buffer;
  if (options.secretKey) {
    master = Buffer.from(options.secretKey, 'utf8');
  } else if (options.production) {
    throw new Error('SECRET_KEY must be set in production (at least 32 characters)');
  } else {
    const file = path.join(options.dataDir, 'secret-key');
    try {
      master = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    } catch {
      mkdirSync(options.dataDir, { recursive: true });
      master = randomBytes(32);
      writeFileSync(file, master.toString('base64'), { mode: 0o600 });
    }
  }
  return {
    derive: (purpose) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `verba:${purpose}`, 32)),
  };
}
