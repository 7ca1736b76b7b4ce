import { TEMPORARY_DISMISSAL_MS, type DismissBehavior, type Dismissals } from '@verba/contracts';
import { sendCommand } from '@verba/kit';
import { dismissAnnouncement } from '@verba/contracts/http';

/**
 * Where dismissed banners are remembered. A persistent dismissal is also kept on the account (the server
 * leaves the banner out of the list in every browser). In the browser: persistent and temporary ones in localStorage (a
 * temporary one with its time, so the pure rule in contracts can expire it after 2 days), session-only
 * ones in sessionStorage, which the browser forgets when the session ends.
 */
export const DISMISSED_KEY = 'verba:dismissed-banners';

type Lasting = Record<string, { behavior: 'persistent' } | { behavior: 'temporary'; at: number }>;

export interface BannerStorages {
  local: Pick<Storage, 'getItem' | 'setItem'>;
  session: Pick<Storage, 'getItem' | 'setItem'>;
}

const browserStorages = (): BannerStorages => ({ local: window.localStorage, session: window.sessionStorage });

function read<T extends object>(storage: BannerStorages['local'], fallback: T): T {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DISMISSED_KEY) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as T) : fallback;
  } catch {
    return fallback; // unreadable or blocked storage: nothing is dismissed
  }
}

function write(storage: BannerStorages['local'], value: object): void {
  try {
    storage.setItem(DISMISSED_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked (private mode): the dismissal lasts until the page reloads.
  }
}

export function storedDismissals(storages: BannerStorages = browserStorages()): Dismissals {
  const lasting = read<Lasting>(storages.local, {});
  const inSession = read<Record<string, true>>(storages.session, {});
  return {
    lasting: (id) => (Object.hasOwn(lasting, id) ? lasting[id] : undefined),
    inSession: (id) => Object.hasOwn(inSession, id),
  };
}

/** Remembers a dismissal as the banner asks; expired temporary entries are dropped on the way. */
export function dismissBanner(
  banner: { id: string; dismissBehavior: DismissBehavior },
  now: number,
  storages: BannerStorages = browserStorages(),
): void {
  if (banner.dismissBehavior === 'session') {
    write(storages.session, { ...read<Record<string, true>>(storages.session, {}), [banner.id]: true });
    return;
  }
  const kept = Object.entries(read<Lasting>(storages.local, {})).filter(
    ([, d]) => d.behavior === 'persistent' || now - d.at < TEMPORARY_DISMISSAL_MS,
  );
  const entry = banner.dismissBehavior === 'persistent' ? { behavior: 'persistent' as const } : { behavior: 'temporary' as const, at: now };
  write(storages.local, { ...Object.fromEntries(kept), [banner.id]: entry });
}

/**
 * Keeps a persistent dismissal on the signed-in account, so another browser is not shown the banner again.
 * The local copy above hides it here at once and still does if this request fails.
 */
export function rememberOnAccount(bannerId: string): Promise<unknown> {
  return sendCommand(dismissAnnouncement, { params: { announcementId: bannerId }, body: {} });
}
