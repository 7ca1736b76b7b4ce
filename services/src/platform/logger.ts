import pino, { type Logger } from 'pino';
import { logIds } from './tracing/tracing';

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

const QUERY_NAME = /^[\w.[\]-]{1,40}$/;

/**
 * A URL as the logs keep it: the path and the names of its query parameters, never their values (emailed
 * reset and verification links carry their token there, an admin's user search an email address).
 */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0]!;
      return QUERY_NAME.test(name) ? `${name}=[redacted]` : '[redacted]';
    });
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/** A request in a log line (fastify's "incoming request"): fastify's own fields, with the URL as urlForLog keeps it. */
function requestForLog(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: urlForLog(req.url ?? ''), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export function createLogger(level: string, name = 'verba', destination?: pino.DestinationStream): Logger {
  // Fastify takes an instance's own serializers before its defaults, so this one writes every request line.
  // Inside a span (tracing on), each line names its trace and span, so a log line leads to its trace.
  const options = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestForLog },
    mixin: logIds,
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A request's logger that becomes a pino child (with the request id) only when it first logs at an enabled
 * level. pino serializes a child's bindings, through the redaction, as the child is made: under the mark load
 * that was a fifteenth of everything the HTTP thread allocated, for loggers that almost never log. A class,
 * so a request costs one small object and no closures.
 */
class LazyChildLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions | undefined,
  ) {}

  private real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings, this.options));
  }

  private at(level: pino.Level, args: Parameters<pino.LogFn>): void {
    if ((this.made ?? this.parent).isLevelEnabled(level)) this.real()[level](...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  bindings(): pino.Bindings {
    return this.real().bindings();
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }

  fatal(...args: Parameters<pino.LogFn>): void {
    this.at('fatal', args);
  }
  error(...args: Parameters<pino.LogFn>): void {
    this.at('error', args);
  }
  warn(...args: Parameters<pino.LogFn>): void {
    this.at('warn', args);
  }
  info(...args: Parameters<pino.LogFn>): void {
    this.at('info', args);
  }
  debug(...args: Parameters<pino.LogFn>): void {
    this.at('debug', args);
  }
  trace(...args: Parameters<pino.LogFn>): void {
    this.at('trace', args);
  }
  silent(): void {}
}

export function lazyChildLogger(parent: Logger, bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
  return new LazyChildLogger(parent, bindings, options) as unknown as Logger;
}
