import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths whose values never reach the logs: credentials, cookies, tokens, personal data. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-verba-csrf"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.email',
  '*.name',
  'password',
  'token',
  'email',
  '*.apiKey',
  '*.OPENAI_API_KEY',
  'OPENAI_API_KEY',
];

export function createLogger(level: string, name = 'verba', destination?: pino.DestinationStream): Logger {
  const options = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
