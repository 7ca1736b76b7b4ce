import { describe, it, expect } from 'vitest';
import {
  ADMIN_CACHE_SECONDS,
  COOKIE_CONSENT_KEY,
  COURSE_CACHE_SECONDS,
  DIALOG_MAX_WIDTH_PX,
  FLASHCARD_SIDE_MAX,
  FREE_TTS_CALLS_PER_MONTH,
  IMAGE_MAX_BYTES,
  IMAGE_SMALL_MAX_BYTES,
  PROFILE_IMAGE_RULE,
  TEMP_BANNER_DISMISS_MS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  UPLOAD_IMAGE_RULE,
  checkImage,
  isTempBannerDismissed,
} from './limits';

describe('limits', () => {
  it('match the spec values', () => {
    expect(FREE_TTS_CALLS_PER_MONTH).toBe(50);
    expect(FLASHCARD_SIDE_MAX).toBe(300);
    expect(IMAGE_MAX_BYTES).toBe(4194304);
    expect(IMAGE_SMALL_MAX_BYTES).toBe(307200);
    expect(TEMP_BANNER_DISMISS_MS).toBe(172_800_000);
    expect(TOAST_LIMIT).toBe(3);
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(ADMIN_CACHE_SECONDS).toBe(1000);
    expect(COURSE_CACHE_SECONDS).toBe(300);
    expect(DIALOG_MAX_WIDTH_PX).toBe(630);
    expect(COOKIE_CONSENT_KEY).toBe('cookieConsent');
  });
});

describe('checkImage', () => {
  it('allows exactly the limit and rejects one byte more', () => {
    expect(checkImage({ size: 4194304, type: 'image/png' }, PROFILE_IMAGE_RULE)).toBe('ok');
    expect(checkImage({ size: 4194305, type: 'image/png' }, PROFILE_IMAGE_RULE)).toBe('too-large');
  });

  it('profile images are png/jpeg only; other uploads also allow webp', () => {
    expect(checkImage({ size: 1, type: 'image/jpeg' }, PROFILE_IMAGE_RULE)).toBe('ok');
    expect(checkImage({ size: 1, type: 'image/webp' }, PROFILE_IMAGE_RULE)).toBe('wrong-type');
    expect(checkImage({ size: 1, type: 'image/webp' }, UPLOAD_IMAGE_RULE)).toBe('ok');
    expect(checkImage({ size: 1, type: 'image/gif' }, UPLOAD_IMAGE_RULE)).toBe('wrong-type');
    expect(checkImage({ size: 1, type: 'IMAGE/PNG' }, UPLOAD_IMAGE_RULE)).toBe('ok');
  });

  it('works with the smaller limit', () => {
    const rule = { maxBytes: IMAGE_SMALL_MAX_BYTES, mimeTypes: ['image/png'] };
    expect(checkImage({ size: 307200, type: 'image/png' }, rule)).toBe('ok');
    expect(checkImage({ size: 307201, type: 'image/png' }, rule)).toBe('too-large');
  });
});

describe('isTempBannerDismissed', () => {
  const dismissedAt = Date.UTC(2025, 0, 1);
  it('stays dismissed for exactly 2 days', () => {
    expect(isTempBannerDismissed(dismissedAt, dismissedAt)).toBe(true);
    expect(isTempBannerDismissed(dismissedAt, dismissedAt + 172_800_000 - 1)).toBe(true);
    expect(isTempBannerDismissed(dismissedAt, dismissedAt + 172_800_000)).toBe(false);
  });

  it('is not dismissed if never dismissed', () => {
    expect(isTempBannerDismissed(undefined, dismissedAt)).toBe(false);
  });
});
