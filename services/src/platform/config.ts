import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isLoopbackHost } from './loopback';

/** The folder holding `services/`, found upwards from `from`: the source (src/platform) and the bundle (dist) sit at different depths. */
function repoRootAbove(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'services', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no services/package.json above ${from}`);
  }
}

/** The repository root: `.verba/` (embedded data) lives there whatever the working directory is. */
export const REPO_ROOT = repoRootAbove(path.dirname(fileURLToPath(import.meta.url)));

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
  /**
   * Prometheus metrics on a port of their own (GET /metrics on HOST), never the public one: the proxy
   * routes PORT only. Unset: no metrics are recorded at all.
   */
  METRICS_PORT: z.coerce
    .number({ message: 'METRICS_PORT must be a number' })
    .int()
    .min(0, 'METRICS_PORT must be between 0 and 65535')
    .max(65535, 'METRICS_PORT must be between 0 and 65535')
    .optional(),
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
  /** Images in S3 or an S3-compatible store (credentials: the AWS SDK's chain); unset means DATA_DIR/images. */
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** An S3-compatible server (MinIO, R2 ...) instead of AWS. */
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
  /** Redis for cache, rate limits and counters; unset means in memory (one process). */
  REDIS_URL: optionalUrl('REDIS_URL'),
  /** Kafka bootstrap brokers ("host:port,host:port"); unset means the in-process bus. */
  KAFKA_BROKERS: z.string().trim().min(1).optional(),
  /** EventStoreDB (distributed topology); unset means the PostgreSQL event store. */
  EVENTSTORE_URL: optionalUrl('EVENTSTORE_URL'),
  /** Master secret for sessions and lookups; generated into DATA_DIR when unset (not in production). */
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  /**
   * Proxies whose X-Forwarded-For the API believes (fastify's trustProxy): a hop count, or addresses/CIDRs
   * separated by commas. Unset: none, the client is the TCP peer. Behind a load balancer set it, or every
   * client looks like the proxy (the sign-in throttle keys on the client address).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .min(1)
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim())))
    .optional(),
  /** Sets the Secure flag on cookies; on by default in production. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); unset means the dev mailbox. */
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().trim().min(3).default('Verba <no-reply@verba.local>'),
  /**
   * OpenAI, or any OpenAI-compatible server (a local Ollama at http://127.0.0.1:11434/v1, a llama.cpp server
   * at http://127.0.0.1:8080/v1), for translation in context. On when a key or a base URL is set (a local
   * server needs no key); else the offline dictionaries answer.
   */
  OPENAI_API_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** How long one AI request may take before the offline dictionary answers instead (a local model may be slow). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Amazon Polly for text to speech when a region is set (credentials from the AWS default chain); else espeak-ng. */
  POLLY_REGION: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Another Polly endpoint (a VPC endpoint or a test server). */
  POLLY_ENDPOINT: optionalUrl('POLLY_ENDPOINT'),
  /**
   * The origin browsers use (e.g. https://verba.app), required in production: links in emails, Stripe's
   * return addresses and social sign-in's redirect URIs are built on it (never on a request's Host), and
   * writes are accepted from it only. Unset in development: http://HOST:PORT.
   */
  PUBLIC_URL: optionalUrl('PUBLIC_URL').refine((v) => v === undefined || /^https?:\/\//i.test(v), 'PUBLIC_URL must be an http(s) URL'),
  /** "true" runs the dev mailbox and the local OpenID provider although HOST is not a loopback address. */
  DEV_TOOLS_ON_PUBLIC_HOST: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Social sign-in clients; a provider without them uses the local OpenID provider (not in production). */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_ISSUER: optionalUrl('GOOGLE_ISSUER'),
  FACEBOOK_CLIENT_ID: z.string().trim().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().trim().min(1).optional(),
  APPLE_CLIENT_ID: z.string().trim().min(1).optional(),
  /** Apple's client secret is a JWT signed with the team's key, generated outside the app. */
  APPLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  APPLE_ISSUER: optionalUrl('APPLE_ISSUER'),
  /** Meta Conversions API (registration tracking); unset means calls are only recorded locally. */
  META_PIXEL_ID: z.string().trim().min(1).optional(),
  META_CAPI_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  /** Brevo (email marketing and transactional mail); unset means the local adapter that records calls. */
  BREVO_API_KEY: z.string().trim().min(1).optional(),
  BREVO_BASE_URL: z.url({ message: 'BREVO_BASE_URL must be a URL' }).default('https://api.brevo.com/v3'),
  /** A hosted headless CMS's GraphQL endpoint for the blog (Contentful's shape); unset means the embedded endpoint over services/data/blog. */
  BLOG_GRAPHQL_URL: optionalUrl('BLOG_GRAPHQL_URL'),
  /** The CMS's delivery token, sent as a bearer token. */
  BLOG_GRAPHQL_TOKEN: z.string().trim().min(1).optional(),
  /** Where support messages go, and the sender of support mail. */
  SUPPORT_EMAIL: z.email({ message: 'SUPPORT_EMAIL must be an email address' }).default('support@verba.example'),
  /** Stripe for Master (payments); unset means the local Stripe stand-in started with the app (in production: payments unavailable). */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** The signing secret of the webhook endpoint (whsec_...) registered in Stripe for /api/premium/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Test-only: the stand-in's clock may be moved (its test-clock endpoint); refused in production. */
  STRIPE_STANDIN_TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A request header naming the visitor's country (a CDN's geo header, e.g. cf-ipcountry); prices follow it. */
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, 'COUNTRY_HEADER must be a header name')
    .optional(),
  /**
   * "true": projectors and followers started against another log than their checkpoints' (a switched
   * EVENTSTORE_URL, another deployment's data) adopt it (read models rebuilt from it, the relay and reactors
   * from its head) instead of refusing to start (event-store/log-identity.ts).
   */
  REBUILD_ON_NEW_LOG: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** "false" turns email/password registration and sign-in off (social sign-in only). */
  EMAIL_PASSWORD_ACCOUNTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Addresses or CIDRs (comma-separated) that web-page imports may read although they are private or local,
   * e.g. `127.0.0.1` for tests; unset: only public internet addresses (no SSRF into the server's network).
   */
  IMPORT_ALLOWED_ADDRESSES: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .default([]),
  /**
   * Automatic backups (platform/backup/schedule.ts): where they go (default DATA_DIR/backups), how many are
   * kept, and how often ("24h", "30m", "7d"; "off" for never). They run on the embedded default, or on
   * PostgreSQL when BACKUP_DIR is set.
   */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_KEEP: z.coerce.number({ message: 'BACKUP_KEEP must be a number' }).int().min(1, 'BACKUP_KEEP must be at least 1').default(7),
  BACKUP_EVERY: z
    .string()
    .trim()
    .regex(/^(off|[1-9]\d*(s|m|h|d))$/, 'BACKUP_EVERY must be seconds, minutes, hours or days ("30m", "24h", "7d") or "off"')
    .default('24h')
    .transform((v) =>
      v === 'off'
        ? undefined
        : Number(v.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[v.at(-1) as 's' | 'm' | 'h' | 'd'],
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The fragment environment (staging, production ...) whose published registry the shell loads; unset: the built-in fragments. */
  FRAGMENT_ENV: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'FRAGMENT_ENV must be a short lower-case name such as staging')
    .optional(),
  /** Where published fragments and registry pointers live when no S3 bucket is set (the API serves it under /fragment-store/). */
  FRAGMENT_STORE_DIR: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, '.verba', 'fragment-store')),
  /** An S3(-compatible) bucket for published fragments instead of the directory (credentials: the AWS SDK's usual variables). */
  FRAGMENT_STORE_S3_BUCKET: z.string().trim().min(3).optional(),
  FRAGMENT_STORE_S3_ENDPOINT: optionalUrl('FRAGMENT_STORE_S3_ENDPOINT'),
  FRAGMENT_STORE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** The URL browsers load published fragments from (a CDN in front of the bucket); default: this API's /fragment-store/. */
  FRAGMENT_PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^(https?:\/\/|\/)\S*$/, 'FRAGMENT_PUBLIC_URL must be an http(s) URL or a path')
    .default('/fragment-store/'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; every missing or bad variable is named in one clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (result.success) lines.push(...paymentsProblems(result.data), ...publicUrlProblems(result.data));
  if (lines.length) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  return result.data!;
}

/** Stripe's variables go together; the stand-in is for development and tests only. */
function paymentsProblems(c: Config): string[] {
  const problems: string[] = [];
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET)
    problems.push('  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the webhook signing secret)');
  if (c.NODE_ENV === 'production' && c.STRIPE_STANDIN_TEST_CLOCK) problems.push('  STRIPE_STANDIN_TEST_CLOCK: not allowed in production');
  return problems;
}

function publicUrlProblems(c: Config): string[] {
  if (c.NODE_ENV !== 'production' || c.PUBLIC_URL) return [];
  return [
    "  PUBLIC_URL: required in production (the origin browsers use, e.g. https://verba.app): emailed links and Stripe's return addresses are built on it",
  ];
}

/**
 * Why an HTTP process must not start: the dev mailbox (every reset link) and the local OpenID provider
 * (sign in as anyone) would listen on a non-loopback HOST. They answer loopback peers only, but a proxy on
 * this machine makes every client one. Undefined when nothing stands in the way.
 */
export function devToolsProblem(c: Config): string | undefined {
  if (c.NODE_ENV === 'production' || c.DEV_TOOLS_ON_PUBLIC_HOST || isLoopbackHost(c.HOST)) return undefined;
  const noClient = (['GOOGLE', 'FACEBOOK', 'APPLE'] as const).filter((p) => !c[`${p}_CLIENT_ID`] || !c[`${p}_CLIENT_SECRET`]);
  const tools = [
    ...(c.SMTP_URL ? [] : ['the dev mailbox (SMTP_URL is unset)']),
    ...(noClient.length
      ? [`the local OpenID provider (no client id and secret for ${noClient.map((p) => p.toLowerCase()).join(', ')})`]
      : []),
  ];
  if (!tools.length) return undefined;
  return (
    `Refusing to start: HOST=${c.HOST} is not a loopback address, and development tools are on: ${tools.join(' and ')}.\n` +
    'They let whoever reaches them read emailed links or sign in as anyone (a proxy on this machine makes every client local). ' +
    'Listen on 127.0.0.1 (HOST), or configure SMTP_URL and the social sign-in clients; to run them on this address anyway, set DEV_TOOLS_ON_PUBLIC_HOST=true.'
  );
}
