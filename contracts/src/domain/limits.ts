import { DAY_MS } from './time';

/** Text-to-speech calls a free user may make per calendar month (UTC). */
export const FREE_TTS_CALLS_PER_MONTH = 50;

/** Maximum letters on each side of a flashcard. */
export const FLASHCARD_SIDE_MAX = 300;

export interface ImageRule {
  readonly maxBytes: number;
  readonly mimeTypes: readonly string[];
}

/** 4 MiB. */
export const IMAGE_MAX_BYTES = 4_194_304;
/** 300 KiB: the spec's smaller image limit. */
export const IMAGE_SMALL_MAX_BYTES = 307_200;

export const PROFILE_IMAGE_RULE: ImageRule = {
  maxBytes: IMAGE_MAX_BYTES,
  mimeTypes: ['image/png', 'image/jpeg'],
};

export const UPLOAD_IMAGE_RULE: ImageRule = {
  maxBytes: IMAGE_MAX_BYTES,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
};

export type ImageCheck = 'ok' | 'too-large' | 'wrong-type';

/** Checks a file's size and MIME type against a rule; the limit itself is allowed. */
export function checkImage(file: { readonly size: number; readonly type: string }, rule: ImageRule): ImageCheck {
  if (!rule.mimeTypes.includes(file.type.toLowerCase())) return 'wrong-type';
  if (file.size > rule.maxBytes) return 'too-large';
  return 'ok';
}

/** A dismissed temporary banner stays hidden for 2 days. */
export const TEMP_BANNER_DISMISS_MS = 2 * DAY_MS;

/** True while a banner dismissed at dismissedAt (epoch ms) should stay hidden. */
export function isTempBannerDismissed(dismissedAt: number | undefined, now: number): boolean {
  return dismissedAt !== undefined && now - dismissedAt < TEMP_BANNER_DISMISS_MS;
}

/** At most this many toasts on screen at once. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 3000;

export const ADMIN_CACHE_SECONDS = 1000;
export const COURSE_CACHE_SECONDS = 300;

export const DIALOG_MAX_WIDTH_PX = 630;

/** localStorage key holding the visitor's cookie consent. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
