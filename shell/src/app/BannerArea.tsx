import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary, type SessionUser } from '@verba/kit';

// The announcements' read (the kit's query cache, the route's schemas) is a chunk of its own, fetched for
// signed-in users only: the sign-in page never needs it. A chunk that cannot load means no banners, as a
// failed read does.
const none: ComponentType<{ user: SessionUser }> = () => null;
const Announcements = lazy(() =>
  import('../banners/Announcements').then(
    (m): { default: ComponentType<{ user: SessionUser }> } => ({ default: m.Announcements }),
    () => ({ default: none }),
  ),
);

/** Announcements above the page; a failure here never takes the page down with it. */
export function BannerArea({ user }: { user: SessionUser }) {
  return (
    <ErrorBoundary label="announcements">
      <Suspense fallback={null}>
        {/* Read once per signed-in user: another user's list is read afresh (the kit's cache forgets the last one's). */}
        <Announcements key={user.uid} user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}
