import { DAY_MS } from './time';

/**
 * Announcement banners (spec §3, §4): who a banner is for, how a dismissal lasts, and whether a banner
 * shows. Plain TypeScript, no zod: the shell imports this on every signed-in page.
 */
export const AUDIENCES = ['all', 'free', 'master', 'admin'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** persistent: never again; temporary: for 2 days; session: until the browser session ends. */
export const DISMISS_BEHAVIORS = ['persistent', 'temporary', 'session'] as const;
export type DismissBehavior = (typeof DISMISS_BEHAVIORS)[number];

/** Spec §9: a temporary dismissal lasts 2 days. */
export const TEMPORARY_DISMISSAL_MS = 2 * DAY_MS;

/** The groups a user belongs to: everyone is in `all`, plus their tier, plus `admin` for Admin/Owner. */
export function audiencesOf(user: { role: string; subscription?: unknown }): Audience[] {
  const groups: Audience[] = ['all', user.subscription === 'master' ? 'master' : 'free'];
  if (user.role === 'Admin' || user.role === 'Owner') groups.push('admin');
  return groups;
}

export const targetsAudience = (visibleTo: string, audiences: readonly Audience[]): boolean =>
  (audiences as readonly string[]).includes(visibleTo);

/** What the browser remembers of dismissals (see the shell's banner-dismissals.ts for the storage). */
export interface Dismissals {
  /** Remembered in localStorage: forever, or with the time of a temporary dismissal. */
  lasting(id: string): { behavior: 'persistent' } | { behavior: 'temporary'; at: number } | undefined;
  /** Remembered in sessionStorage: gone when the browser session ends. */
  inSession(id: string): boolean;
}

export interface BannerLike {
  id?: string | null;
  visibleTo: string;
  content?: { blocks?: readonly unknown[] | null } | null;
}

export function isDismissed(id: string, dismissals: Dismissals, now: number): boolean {
  if (dismissals.inSession(id)) return true;
  const lasting = dismissals.lasting(id);
  if (!lasting) return false;
  return lasting.behavior === 'persistent' || now - lasting.at < TEMPORARY_DISMISSAL_MS;
}

/** Spec §4: shown only if it targets the user's group, has an id and content blocks, and is not dismissed. */
export function isBannerVisible(banner: BannerLike, audiences: readonly Audience[], dismissals: Dismissals, now: number): boolean {
  if (!banner.id || !banner.content?.blocks?.length) return false;
  if (!targetsAudience(banner.visibleTo, audiences)) return false;
  return !isDismissed(banner.id, dismissals, now);
}
