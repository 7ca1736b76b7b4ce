import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../decider/decider';

/**
 * Errors leave as problem+json (RFC 9457). `message` repeats `detail` because the spec's clients read
 * "a string or a message field". 5xx bodies never carry internals; they are logged with the request id.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 429 with the seconds to wait: the error handler sends them as Retry-After, so no route has to. */
export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const GENERIC_SERVER_ERROR = 'An unknown error occurred';

export function problem(status: number, detail: string, extra: Partial<Problem> = {}): Problem {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail, message: detail, ...extra };
}

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  return reply.code(p.status).type('application/problem+json').send(p);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: `${error.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
      message: v.message ?? 'Invalid value',
    }));
    const first = errors[0];
    // The first message alone is the detail: validation texts are the spec's words, shown as they are.
    return sendProblem(reply, problem(400, first ? first.message : 'Invalid request', { errors }));
  }
  if (error instanceof RateLimitedError) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  if (error instanceof HttpError) return sendProblem(reply, problem(error.status, error.message, error.extra));
  if (error instanceof DomainError) return sendProblem(reply, problem(error.status, error.message));
  const status = error.statusCode ?? 500;
  if (status < 500 && !isResponseSerializationError(error)) {
    return sendProblem(reply, problem(status, error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem(status >= 500 ? status : 500, GENERIC_SERVER_ERROR));
}
