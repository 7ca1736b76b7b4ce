import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The HTTP request a piece of work runs for, without passing it through every call: commands stamp its
 * id on the events they append (`correlationId`), and the signed-in caller (`userId`), so the log says
 * which request caused what and who did it (the log is the audit trail the admin History tab reads).
 */
interface RequestScope {
  requestId: string;
  userId?: string;
}
const scope = new AsyncLocalStorage<RequestScope>();

export const runInRequest = <T>(requestId: string, work: () => T): T => scope.run({ requestId }, work);

export const currentRequestId = (): string | undefined => scope.getStore()?.requestId;

/** Called once the request's caller is known (the route's access hook). */
export const setRequestUser = (userId: string): void => {
  const current = scope.getStore();
  if (current) current.userId = userId;
};

export const currentUserId = (): string | undefined => scope.getStore()?.userId;
