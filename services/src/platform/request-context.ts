import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The HTTP request a piece of work runs for, without passing it through every call: commands stamp its
 * id on the events they append (`correlationId`), so the log says which request caused what.
 */
const scope = new AsyncLocalStorage<{ requestId: string }>();

export const runInRequest = <T>(requestId: string, work: () => T): T => scope.run({ requestId }, work);

export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;
