import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const getSearch = () => window.location.search;

/** The query string, kept current like the kit's usePathname (which only follows the path). */
export function useSearchParam(name: string): string | null {
  return new URLSearchParams(useSyncExternalStore(subscribe, getSearch, getSearch)).get(name);
}
