import { lazy, Suspense } from 'react';
import { ErrorBoundary, type SessionUser } from '@verba/kit';

// Banners need the query cache and the contract schemas: a chunk of their own, for signed-in users only.
const Banners = lazy(() => import('../banners/Banners').then((m) => ({ default: m.Banners })));

/** Announcements above the page; a failure here never takes the page down with it. */
export function BannerArea({ user }: { user: SessionUser }) {
  return (
    <ErrorBoundary label="announcements">
      <Suspense fallback={null}>
        <Banners user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}
