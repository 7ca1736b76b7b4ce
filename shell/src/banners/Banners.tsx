import { useEffect, useState } from 'react';
import { audiencesOf, isBannerVisible, type Announcement, type ContentBlock } from '@verba/contracts';
import { Link, type SessionUser } from '@verba/kit';
import { fetchAnnouncements } from './announcements-api';
import { dismissBanner, storedDismissals } from './dismissals';

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'header':
      return <p className="sh-announcement__title">{block.data.text}</p>;
    case 'link':
      return block.data.url.startsWith('/') ? (
        <Link href={block.data.url}>{block.data.text}</Link>
      ) : (
        <a href={block.data.url} target="_blank" rel="noopener noreferrer">
          {block.data.text}
        </a>
      );
    default:
      return <p>{block.data.text}</p>;
  }
}

function AnnouncementBanner({ banner, onDismiss }: { banner: Announcement; onDismiss: () => void }) {
  return (
    <section className="sh-announcement" aria-label="Announcement">
      <div className="sh-announcement__body">
        {banner.content.blocks.map((block, i) => (
          <Block key={i} block={block} />
        ))}
      </div>
      <button type="button" className="sh-announcement__close" aria-label="Dismiss announcement" onClick={onDismiss}>
        ×
      </button>
    </section>
  );
}

/** Loaded once per signed-in user; a failure just means no banners. */
function useAnnouncements(uid: string): Announcement[] {
  const [list, setList] = useState<Announcement[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    setList([]);
    fetchAnnouncements(abort.signal).then(setList, () => undefined);
    return () => abort.abort();
  }, [uid]);
  return list;
}

/** Announcement banners above the page for signed-in users (loaded lazily: not on the sign-in page). */
export function Banners({ user, now = Date.now }: { user: SessionUser; now?: () => number }) {
  const announcements = useAnnouncements(user.uid);
  const [, rerender] = useState(0);
  const audiences = audiencesOf({ role: user.role, subscription: user.subscription });
  const dismissals = storedDismissals();
  const visible = announcements.filter((b) => isBannerVisible(b, audiences, dismissals, now()));
  if (!visible.length) return null;
  return (
    <div className="sh-announcements">
      {visible.map((banner) => (
        <AnnouncementBanner
          key={banner.id}
          banner={banner}
          onDismiss={() => {
            dismissBanner(banner, now());
            rerender((n) => n + 1);
          }}
        />
      ))}
    </div>
  );
}
