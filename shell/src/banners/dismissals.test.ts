// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { audiencesOf, isBannerVisible, TEMPORARY_DISMISSAL_MS, type DismissBehavior } from '@verba/contracts';
import { dismissBanner, storedDismissals } from './dismissals';

const T0 = Date.UTC(2026, 10, 22, 9, 30);
const YEAR = 365 * 24 * 60 * 60 * 1000;
const user = audiencesOf({ role: 'User', subscription: 'free' });
const bannerWith = (dismissBehavior: DismissBehavior) => ({
  id: `banner-${dismissBehavior}`,
  visibleTo: 'all',
  dismissBehavior,
  content: { blocks: [{ type: 'paragraph', data: { text: 'New courses for Russian!' } }] },
});
/** What the shell asks on each render: the stored dismissals read afresh at the given time. */
const shows = (banner: ReturnType<typeof bannerWith>, now: number) => isBannerVisible(banner, user, storedDismissals(), now);
/** A new browser session: sessionStorage starts empty, localStorage stays. */
const newSession = () => window.sessionStorage.clear();

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('banner dismissal in the browser (fake clock)', () => {
  it('temporary: hidden until exactly 2 days have passed, then shown again', () => {
    const banner = bannerWith('temporary');
    expect(shows(banner, T0)).toBe(true);
    dismissBanner(banner, T0);
    expect(shows(banner, T0)).toBe(false);
    newSession(); // it is remembered across sessions
    expect(shows(banner, T0 + TEMPORARY_DISMISSAL_MS - 1)).toBe(false);
    expect(shows(banner, T0 + TEMPORARY_DISMISSAL_MS)).toBe(true);
  });

  it('session-only: hidden for the rest of the session, back in a new session', () => {
    const banner = bannerWith('session');
    dismissBanner(banner, T0);
    expect(shows(banner, T0 + 10 * YEAR)).toBe(false);
    expect(window.localStorage.length).toBe(0);
    newSession();
    expect(shows(banner, T0 + 1)).toBe(true);
  });

  it('persistent: never shown again, whatever the time or session', () => {
    const banner = bannerWith('persistent');
    dismissBanner(banner, T0);
    newSession();
    expect(shows(banner, T0 + TEMPORARY_DISMISSAL_MS)).toBe(false);
    expect(shows(banner, T0 + 50 * YEAR)).toBe(false);
  });

  it('dismissing one banner leaves the others, and drops expired temporary entries', () => {
    const temporary = bannerWith('temporary');
    const other = { ...bannerWith('persistent'), id: 'other' };
    dismissBanner(temporary, T0);
    expect(shows(other, T0)).toBe(true);
    dismissBanner(other, T0 + TEMPORARY_DISMISSAL_MS + 1);
    expect(Object.keys(JSON.parse(window.localStorage.getItem('verba:dismissed-banners')!))).toEqual(['other']);
  });

  it('treats unreadable storage as nothing dismissed', () => {
    window.localStorage.setItem('verba:dismissed-banners', '{not json');
    expect(shows(bannerWith('persistent'), T0)).toBe(true);
  });
});
