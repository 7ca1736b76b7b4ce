import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: `.verba/` (embedded data) lives there whatever the working directory is. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ message: `${what} must be a URL` }).optional())
    .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int()
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  /** PostgreSQL for the event store and read models; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        // A socket directory instead of a host is allowed: postgres://user@/db?host=/var/run/postgresql
        .regex(/^postgres(ql)?:\/\/[^\s]*$/, 'DATABASE_URL must be a postgres:// URL')
        .optional(),
    )
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.verba')),
  /** Redis for cache, rate limits and counters; unset means in memory (one process). */
  REDIS_URL: optionalUrl('REDIS_URL'),
  /** Kafka bootstrap brokers ("host:port,host:port"); unset means the in-process bus. */
  KAFKA_BROKERS: z.string().trim().min(1).optional(),
  /** EventStoreDB (distributed topology); unset means the PostgreSQL event store. */
  EVENTSTORE_URL: optionalUrl('EVENTSTORE_URL'),
  /** Master secret for sessions and lookups; generated into DATA_DIR when unset (not in production). */
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  /** Sets the Secure flag on cookies; on by default in production. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Brevo (email marketing and transactional mail); unset means the local adapter that records calls. */
  BREVO_API_KEY: z.string().trim().min(1).optional(),
  BREVO_BASE_URL: z.url({ message: 'BREVO_BASE_URL must be a URL' }).default('https://api.brevo.com/v3'),
  /** Where support messages go, and the sender of support mail. */
  SUPPORT_EMAIL: z.email({ message: 'SUPPORT_EMAIL must be an email address' }).default('support@verba.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; every missing or bad variable is named in one clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
