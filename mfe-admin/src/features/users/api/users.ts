import { toast } from '@verba/kit';
import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import {
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminSetDisabled,
  adminSetRole,
  adminSetSubscription,
  userAnalyticsRoute,
  type AdminUserSearch,
} from '@verba/contracts/http';

export type UserFilters = Partial<Omit<AdminUserSearch, 'minPosition'>>;

/** Drops empty fields, so the URL and the query key only carry what the admin chose. */
const chosen = (f: UserFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as UserFilters;

export const useUserSearch = (filters: UserFilters) =>
  useRouteQuery(adminListUsers, { query: chosen(filters) }, { placeholderData: keepPrevious });
export const useAdminUser = (userId: string | undefined) =>
  useRouteQuery(adminGetUser, { params: { userId: userId ?? '' } }, { enabled: Boolean(userId), placeholderData: keepPrevious });
export const useUserActivity = (userId: string | undefined) =>
  useRouteQuery(userAnalyticsRoute, { query: { userId: userId ?? '', limit: 10 } }, { enabled: Boolean(userId) });

/** Every user action: a toast either way (the lists and the user's page read again by themselves). */
function useUserCommand<D extends typeof adminSetRole | typeof adminSetDisabled | typeof adminSetSubscription | typeof adminDeleteUser>(
  route: D,
  done: string,
) {
  return useCommand(route, {
    onSuccess: () => toast({ title: done }),
    onError: (e) => toast({ title: 'Nothing was changed.', description: e.message, variant: 'destructive' }),
  });
}

export const useSetRole = () => useUserCommand(adminSetRole, 'The role was changed');
export const useSetDisabled = () => useUserCommand(adminSetDisabled, 'The account was updated');
export const useSetSubscription = () => useUserCommand(adminSetSubscription, 'The subscription was changed');
export const useDeleteUser = (onDeleted?: () => void) =>
  useCommand(adminDeleteUser, {
    onSuccess: () => (toast({ title: 'The account was deleted' }), onDeleted?.()),
    onError: (e) => toast({ title: 'The account was not deleted.', description: e.message, variant: 'destructive' }),
  });
