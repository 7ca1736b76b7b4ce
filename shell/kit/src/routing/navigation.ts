import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { createElement } from 'react';

declare global {
  interface Window {
    /** Set by single-spa; routes through its patched history. */
    singleSpaNavigate?: (url: string) => void;
  }
}

/** Client-side navigation that single-spa and every useLocation() see. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  // single-spa's patched history already fires popstate; outside single-spa (tests) we must.
  if (!window.singleSpaNavigate) window.dispatchEvent(new PopStateEvent('popstate'));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}
const getPathname = () => window.location.pathname;

export function usePathname(): string {
  return useSyncExternalStore(subscribe, getPathname, getPathname);
}

/** An <a> that navigates in-app on a plain left click and behaves like a link otherwise. */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { onClick, ...rest } = props;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    navigate(props.href);
  };
  return createElement('a', { ...rest, onClick: handle });
}
