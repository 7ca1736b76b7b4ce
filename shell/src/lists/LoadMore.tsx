import { useEffect, useRef } from 'react';
import { Button } from '@verba/kit';

/**
 * Infinite scroll with a button: the next page loads as the end of the list nears the viewport, and the
 * button does the same for keyboards and browsers without IntersectionObserver. A fresh observer after
 * each load fires at once while the end is still in view, so a tall screen fills itself.
 */
export function LoadMore({
  label,
  busy,
  onMore,
  auto = true,
}: {
  label: string;
  busy: boolean;
  onMore: () => void;
  /** Off after a failed load: the button retries, scrolling does not hammer a failing server. */
  auto?: boolean;
}) {
  const end = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  }, [onMore]);
  useEffect(() => {
    const el = end.current;
    if (!el || busy || !auto || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), {
      rootMargin: '200px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [busy, auto]);
  return (
    <div ref={end} className="sh-load-more">
      <Button variant="secondary" disabled={busy} onClick={onMore}>
        {label}
      </Button>
    </div>
  );
}
