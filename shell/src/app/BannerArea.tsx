import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary, type SessionUser } from '@verba/kit';
import { fetchAnnouncementList } from '../banners/announcements-api';

// The banners' code (checking, the kit's banner, dismissals) is a chunk of its own, fetched only when
// the signed-in user has announcements: most loads have none, and the sign-in page never needs it.
const Banners = lazy(() => import('../banners/Banners').then((m) => ({ default: m.Banners })));

/** Read once per signed-in user; a failure just means no banners. */
function useAnnouncementList(uid: string): readonly unknown[] {
  // Kept with the user it was read for: another user sees none until their own list arrives.
  const [read, setRead] = useState<{ uid: string; list: readonly unknown[] } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchAnnouncementList(abort.signal).then(
      (list) => setRead({ uid, list }),
      () => undefined,
    );
    return () => abort.abort();
  }, [uid]);
  return read?.uid === uid ? read.list : NONE;
}
const NONE: readonly unknown[] = [];

/** Announcements above the page; a failure here never takes the page down with it. */
export function BannerArea({ user }: { user: SessionUser }) {
  const announcements = useAnnouncementList(user.uid);
  if (!announcements.length) return null;
  return (
    <ErrorBoundary label="announcements">
      <Suspense fallback={null}>
        <Banners user={user} announcements={announcements} />
      </Suspense>
    </ErrorBoundary>
  );
}
