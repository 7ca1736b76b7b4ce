import { useMemo, useState } from 'react';
import { audiencesOf, isBannerVisible } from '@verba/contracts';
import type { SessionUser } from '@verba/kit';
import { AnnouncementBanner } from '@verba/kit/ui';
import { parseAnnouncements } from './parse-announcements';
import { dismissBanner, rememberOnAccount, storedDismissals } from './dismissals';

/**
 * Announcement banners above the page for signed-in users, from the list GET /api/announcements sent
 * (loaded lazily by Announcements.tsx, only when that list has any).
 */
export function Banners({
  user,
  announcements: sent,
  now = Date.now,
}: {
  user: SessionUser;
  announcements: readonly unknown[];
  now?: () => number;
}) {
  const announcements = useMemo(() => parseAnnouncements(sent), [sent]);
  const [, rerender] = useState(0);
  // On a phone only the first banner shows until the learner asks for the rest (CSS folds them).
  const [unfolded, setUnfolded] = useState(false);
  const audiences = audiencesOf(user);
  const dismissals = storedDismissals();
  const visible = announcements.filter((b) => isBannerVisible(b, audiences, dismissals, now()));
  if (!visible.length) return null;
  return (
    <div className={`sh-announcements${unfolded ? '' : ' sh-announcements--folded'}`}>
      {visible.map((banner) => (
        <AnnouncementBanner
          key={banner.id}
          banner={banner}
          onDismiss={() => {
            dismissBanner(banner, now());
            // For good: on the account too, for the user's other browsers (this one remembers it already).
            if (banner.dismissBehavior === 'persistent') rememberOnAccount(banner.id).catch(() => undefined);
            rerender((n) => n + 1);
          }}
        />
      ))}
      {visible.length > 1 ? (
        <button type="button" className="sh-announcements__more" aria-expanded={unfolded} onClick={() => setUnfolded((u) => !u)}>
          {unfolded
            ? 'Show fewer announcements'
            : `Show ${visible.length - 1} more ${visible.length === 2 ? 'announcement' : 'announcements'}`}
        </button>
      ) : null}
    </div>
  );
}
