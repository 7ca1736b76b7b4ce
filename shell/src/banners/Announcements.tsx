import { lazy, Suspense } from 'react';
import type { SessionUser } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { useAnnouncementList } from './announcements-api';

// The banners' code (checking, the kit's banner, dismissals) is a chunk of its own, fetched only when the
// signed-in user has announcements: most loads have none.
const Banners = lazy(() => import('./Banners').then((m) => ({ default: m.Banners })));

/** The signed-in user's announcements above the page; none while they load, and none when they fail. */
export function Announcements({ user }: { user: SessionUser }) {
  return (
    <KitProviders>
      <AnnouncementList user={user} />
    </KitProviders>
  );
}

function AnnouncementList({ user }: { user: SessionUser }) {
  const { data: announcements } = useAnnouncementList();
  if (!announcements?.length) return null;
  return (
    <Suspense fallback={null}>
      <Banners user={user} announcements={announcements} />
    </Suspense>
  );
}
