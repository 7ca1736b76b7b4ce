import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGES } from '@verba/contracts/domain';
import { navigate } from '../routing/navigation';
import { AlertDialog } from './AlertDialog';

interface RoutingDetail {
  oldUrl?: string;
  newUrl?: string;
  cancelNavigation?: (cancel: boolean | Promise<boolean>) => void;
}

const pathOf = (url: string | undefined) => {
  if (!url) return '';
  const u = new URL(url, window.location.href);
  return u.pathname + u.search;
};

/**
 * Asks "You have unsaved changes. Are you sure you want to leave this page?" before leaving a form with
 * changes: in-app links (intercepted before the app's own handler), any other single-spa route change
 * (back/forward: the navigation is held until the user answers), and closing or reloading the tab.
 * Shared by every editor (articles in the reader, the admin's course and exercise editors).
 */
export function useLeaveGuard(dirty: boolean) {
  const guarded = useRef(dirty);
  // After every render, as the form's state is now (a release() holds only until the next render).
  useLayoutEffect(() => {
    guarded.current = dirty;
  });
  const [pending, setPending] = useState<((leave: boolean) => void) | null>(null);

  /** Lets the next navigation through (after saving). */
  const release = useCallback(() => {
    guarded.current = false;
  }, []);

  useEffect(() => {
    const ask = () =>
      new Promise<boolean>((resolve) => {
        setPending(() => (leave: boolean) => {
          setPending(null);
          resolve(leave);
        });
      });

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded.current) return;
      event.preventDefault();
      event.returnValue = MESSAGES.form.unsavedChanges;
    };

    const onClick = (event: MouseEvent) => {
      if (
        !guarded.current ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || pathOf(url.href) === pathOf(window.location.href)) return;
      event.preventDefault();
      event.stopPropagation();
      void ask().then((leave) => {
        if (!leave) return;
        guarded.current = false;
        navigate(url.pathname + url.search + url.hash);
      });
    };

    const onRouting = (event: Event) => {
      const detail = (event as CustomEvent<RoutingDetail>).detail;
      if (!guarded.current || !detail?.cancelNavigation || pathOf(detail.newUrl) === pathOf(detail.oldUrl)) return;
      detail.cancelNavigation(
        ask().then((leave) => {
          if (leave) guarded.current = false;
          return !leave;
        }),
      );
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('single-spa:before-routing-event', onRouting);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('single-spa:before-routing-event', onRouting);
    };
  }, []);

  const dialog = (
    <AlertDialog
      open={pending !== null}
      title="Leave this page?"
      description={MESSAGES.form.unsavedChanges}
      cancelLabel="Stay"
      confirmLabel="Leave"
      destructive
      onConfirm={() => pending?.(true)}
      onCancel={() => pending?.(false)}
    />
  );
  return { dialog, release };
}
