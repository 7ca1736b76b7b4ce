import { useSyncExternalStore } from 'react';

/** A touch screen without a mouse: no keyboard hints, 44 px tap targets (reader.css says the same). */
export const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';
/** Too narrow for the panel beside the text: the panel is a bottom sheet (the breakpoint of reader.css). */
export const NARROW = '(max-width: 800px)';

/** Whether `query` matches now, following changes (a rotated phone, a resized window). False where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
