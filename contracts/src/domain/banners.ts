import { DAY_MS } from './time';

/**
 * Announcement banners (spec §3, §4): who a banner is for, how a dismissal lasts, and whether a banner
 * shows. Plain TypeScript, no zod: the shell imports this on every signed-in page.
 */
/** The learners of one language (their current or any learned language): the languages of languages.ts. */
export const LANGUAGE_AUDIENCES = ['de', 'fr', 'es', 'ru'] as const;
export const AUDIENCES = ['all', 'free', 'master', 'admin', ...LANGUAGE_AUDIENCES] as const;
export type Audience = (typeof AUDIENCES)[number];

export const AUDIENCE_LABELS: Readonly<Record<Audience, string>> = {
  all: 'Everyone',
  free: 'Free users',
  master: 'Master subscribers',
  admin: 'Admins',
  de: 'Learners of German',
  fr: 'Learners of French',
  es: 'Learners of Spanish',
  ru: 'Learners of Russian',
};

/**
 * A link block's address: an http(s) URL, or a path of this site. Not `//host` or `/\host`, which
 * browsers read as another site's address, and never a javascript: or data: URL.
 */
export const ANNOUNCEMENT_LINK_URL = /^(https?:\/\/\S+|\/(?![/\\])\S*)$/;

/** An image block shows only the image manager's own, content-addressed URLs (never a foreign address). */
export const ANNOUNCEMENT_IMAGE_URL = /^\/api\/images\/[a-f0-9]{64}\.(png|jpg|jpeg|webp)$/;

/** persistent: never again; temporary: for 2 days; session: until the browser session ends. */
export const DISMISS_BEHAVIORS = ['persistent', 'temporary', 'session'] as const;
export type DismissBehavior = (typeof DISMISS_BEHAVIORS)[number];

/** Spec §9: a temporary dismissal lasts 2 days. */
export const TEMPORARY_DISMISSAL_MS = 2 * DAY_MS;

/**
 * The groups a user belongs to: everyone is in `all`, plus their subscription (free or master), plus `admin` for Admin/Owner, plus
 * each language they learn (when the caller knows them: the browser's session does, the content context not).
 */
export function audiencesOf(user: {
  role: string;
  subscription?: unknown;
  currentLearningLanguage?: string | null;
  learnedLanguages?: readonly string[];
}): Audience[] {
  const groups: Audience[] = ['all', user.subscription === 'master' ? 'master' : 'free'];
  if (user.role === 'Admin' || user.role === 'Owner') groups.push('admin');
  const languages = new Set([...(user.learnedLanguages ?? []), ...(user.currentLearningLanguage ? [user.currentLearningLanguage] : [])]);
  for (const l of LANGUAGE_AUDIENCES) if (languages.has(l)) groups.push(l);
  return groups;
}

export type AnnouncementStatus = 'inactive' | 'scheduled' | 'active' | 'ended';

/** Where an announcement stands at `now`: switched off, waiting for its start, showing, or past its end. */
export function announcementStatus(
  a: { active: boolean; startsAt?: number | null; endsAt?: number | null },
  now: number,
): AnnouncementStatus {
  if (!a.active) return 'inactive';
  if (a.endsAt != null && now >= a.endsAt) return 'ended';
  if (a.startsAt != null && now < a.startsAt) return 'scheduled';
  return 'active';
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
  /** The schedule (epoch ms); a page left open past the end stops showing it. */
  startsAt?: number | null;
  endsAt?: number | null;
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
  if (announcementStatus({ active: true, startsAt: banner.startsAt ?? null, endsAt: banner.endsAt ?? null }, now) !== 'active')
    return false;
  if (!targetsAudience(banner.visibleTo, audiences)) return false;
  return !isDismissed(banner.id, dismissals, now);
}
