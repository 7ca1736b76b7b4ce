import type { z } from 'zod';
import { ApiError, client, type CallInput, type RouteDef } from './api';
import { positions } from './positions';

/**
 * The one way the browser writes. A route whose body takes a `commandId` gets a fresh one per logical
 * command, so the server applies a resent request once; a response's `position` is recorded in the
 * kit's position store, so the next read carries it as `minPosition` (read-your-writes).
 */

/** Omit on each member of a union body (a plain Omit would keep only the members' common keys). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Body<D extends RouteDef> = NonNullable<CallInput<D>['body']>;

/** A write's input as callers give it: the kit fills the command id. */
export type CommandInput<D extends RouteDef> = Omit<CallInput<D>, 'signal' | 'body'> &
  (Body<D> extends object ? { body?: Without<Body<D>, 'commandId'> } : { body?: CallInput<D>['body'] });

export type CommandOutput<D extends RouteDef> = z.output<D['response']>;

/** Whether the route's body schema declares a `commandId` (a zod object, refined or not). */
export function takesCommandId(route: RouteDef): boolean {
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && Object.hasOwn(shape, 'commandId');
}

/** The input of one logical command: a new command id where the route takes one. */
export function withCommandId<D extends RouteDef>(route: D, input: CommandInput<D>): CallInput<D> {
  if (!takesCommandId(route)) return input as CallInput<D>;
  const body = { ...(input.body as object | undefined), commandId: crypto.randomUUID() };
  return { ...input, body } as CallInput<D>;
}

function recordPosition(result: unknown): void {
  const position = (result as { position?: unknown } | null)?.position;
  if (typeof position === 'string') positions.record(position);
}

/** Sends an input that already has its command id (a retry sends the same one) and records the position. */
export async function callCommand<D extends RouteDef>(route: D, input: CallInput<D>): Promise<CommandOutput<D>> {
  const result = await positions.track(client.call(route, input));
  recordPosition(result);
  return result;
}

/** A failure that may pass: the network, or the server. A 4xx answer will not change. */
export const isTransient = (error: unknown): boolean => error instanceof ApiError && (error.status === 0 || error.status >= 500);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SendOptions {
  /**
   * Resends after a transient failure, with the same command id, up to this many times (routes with a
   * command id only: without one a resend could apply twice). Off by default: a resend can land after
   * a later write to the same thing, so only callers that order their writes should ask for it.
   */
  retries?: number;
  /** Pause before the first resend, doubled each time (tests pass 0). */
  retryDelayMs?: number;
}

/** Sends one command: a fresh command id, the recorded position, optional idempotent resends. */
export async function sendCommand<D extends RouteDef>(
  route: D,
  input: CommandInput<D>,
  { retries = 0, retryDelayMs = 300 }: SendOptions = {},
): Promise<CommandOutput<D>> {
  const full = withCommandId(route, input);
  const allowed = takesCommandId(route) ? retries : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await callCommand(route, full);
    } catch (error) {
      if (attempt >= allowed || !isTransient(error)) throw error;
      await pause(retryDelayMs * 2 ** attempt);
    }
  }
}

/**
 * The same without a route definition, for shell pages that must stay free of the route schemas (see
 * `client.send`). The caller names a route whose body takes a `commandId`; the answer is not parsed.
 */
export async function sendCommandUnparsed(method: RouteDef['method'], path: string, body: Record<string, unknown>): Promise<unknown> {
  const result = await positions.track(client.send(method, path, { body: { ...body, commandId: crypto.randomUUID() } }));
  recordPosition(result);
  return result;
}
