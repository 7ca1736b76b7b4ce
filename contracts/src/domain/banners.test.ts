import { describe, expect, it } from 'vitest';
import { announcementStatus, audiencesOf, isBannerVisible, TEMPORARY_DISMISSAL_MS, type Dismissals } from './banners';

const none: Dismissals = { lasting: () => undefined, inSession: () => false };
const banner = { id: 'b1', visibleTo: 'free', content: { blocks: [{ type: 'paragraph', data: { text: 'Hi' } }] } };
const now = Date.UTC(2026, 10, 22, 12);

describe('banner audiences', () => {
  it('puts everyone in all, plus their subscription, plus admin for Admin and Owner', () => {
    expect(audiencesOf({ role: 'User', subscription: 'free' })).toEqual(['all', 'free']);
    expect(audiencesOf({ role: 'User', subscription: 'master' })).toEqual(['all', 'master']);
    expect(audiencesOf({ role: 'Owner' })).toEqual(['all', 'free', 'admin']);
  });
});

describe('isBannerVisible', () => {
  const free = audiencesOf({ role: 'User', subscription: 'free' });

  it('shows a banner only to its group', () => {
    expect(isBannerVisible(banner, free, none, now)).toBe(true);
    expect(isBannerVisible({ ...banner, visibleTo: 'master' }, free, none, now)).toBe(false);
    expect(isBannerVisible({ ...banner, visibleTo: 'admin' }, free, none, now)).toBe(false);
    expect(isBannerVisible({ ...banner, visibleTo: 'all' }, free, none, now)).toBe(true);
  });

  it('needs an id and at least one content block', () => {
    expect(isBannerVisible({ ...banner, id: '' }, free, none, now)).toBe(false);
    expect(isBannerVisible({ ...banner, id: null }, free, none, now)).toBe(false);
    expect(isBannerVisible({ ...banner, content: { blocks: [] } }, free, none, now)).toBe(false);
    expect(isBannerVisible({ ...banner, content: null }, free, none, now)).toBe(false);
  });

  it('hides a temporarily dismissed banner for exactly 2 days', () => {
    const dismissed: Dismissals = {
      lasting: (id) => (id === 'b1' ? { behavior: 'temporary', at: now } : undefined),
      inSession: () => false,
    };
    expect(TEMPORARY_DISMISSAL_MS).toBe(2 * 24 * 60 * 60 * 1000);
    expect(isBannerVisible(banner, free, dismissed, now + TEMPORARY_DISMISSAL_MS - 1)).toBe(false);
    expect(isBannerVisible(banner, free, dismissed, now + TEMPORARY_DISMISSAL_MS)).toBe(true);
  });

  it('hides a persistently dismissed banner forever, and a session-dismissed one while the session lasts', () => {
    const forever: Dismissals = { lasting: () => ({ behavior: 'persistent' }), inSession: () => false };
    expect(isBannerVisible(banner, free, forever, now + 100 * 365 * 24 * 3600 * 1000)).toBe(false);
    const session: Dismissals = { lasting: () => undefined, inSession: (id) => id === 'b1' };
    expect(isBannerVisible(banner, free, session, now)).toBe(false);
    expect(isBannerVisible({ ...banner, id: 'b2' }, free, session, now)).toBe(true);
  });
});

describe('language groups and schedules (issue 17)', () => {
  it('puts a learner in the group of each language they learn', () => {
    expect(audiencesOf({ role: 'User', subscription: 'free', currentLearningLanguage: 'de', learnedLanguages: ['de', 'fr'] })).toEqual([
      'all',
      'free',
      'de',
      'fr',
    ]);
  });

  it('says scheduled before the start, active inside the window, ended from the end, inactive when switched off', () => {
    const a = { active: true, startsAt: 1000, endsAt: 2000 };
    expect(announcementStatus(a, 999)).toBe('scheduled');
    expect(announcementStatus(a, 1000)).toBe('active');
    expect(announcementStatus(a, 2000)).toBe('ended');
    expect(announcementStatus({ ...a, active: false }, 1500)).toBe('inactive');
    expect(announcementStatus({ active: true }, 0)).toBe('active');
  });

  it('hides a banner outside its schedule', () => {
    const none: Dismissals = { lasting: () => undefined, inSession: () => false };
    const banner = { id: 'b', visibleTo: 'all', content: { blocks: [{}] }, startsAt: 1000, endsAt: 2000 };
    expect(isBannerVisible(banner, ['all'], none, 500)).toBe(false);
    expect(isBannerVisible(banner, ['all'], none, 1500)).toBe(true);
    expect(isBannerVisible(banner, ['all'], none, 2500)).toBe(false);
  });
});
