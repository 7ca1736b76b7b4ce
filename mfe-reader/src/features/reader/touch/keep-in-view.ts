import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

export interface Box {
  top: number;
  bottom: number;
}

/** Space kept between the text and what covers it (header, sheet). */
const MARGIN = 12;

/**
 * How far to scroll down (negative: up) so the sentence lies between `top` and `bottom` of the screen,
 * or, when it is taller than that room, at least the word; 0 when it is in sight already.
 */
export function scrollDelta(word: Box, sentence: Box, top: number, bottom: number): number {
  const target = sentence.bottom - sentence.top <= bottom - top ? sentence : word;
  if (target.bottom > bottom) return target.bottom - bottom;
  if (target.top < top) return target.top - top;
  return 0;
}

/** The bottom of a sticky or fixed page header (the shell's), which the text scrolls under. */
function headerBottom(): number {
  const header = document.querySelector('header');
  if (!header || !/sticky|fixed/.test(getComputedStyle(header).position)) return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

/**
 * While `sheet` (a bottom sheet) is open, scrolls the page so the selected word and its sentence stay in
 * sight above it: when `selection` changes and whenever the sheet grows (a translation arriving). The
 * sheet's top is taken from its height, not its box, which moves while it slides in.
 */
export function useKeepInView(
  sheet: RefObject<HTMLElement | null>,
  boxes: () => { word: Box; sentence: Box } | null,
  selection: unknown,
): void {
  // `boxes` reads the current page as it is when the sheet moves; the selection is what makes it worth running again.
  const currentBoxes = useEffectEvent(boxes);
  useLayoutEffect(() => {
    const element = sheet.current;
    if (!element || selection === null) return;
    const keep = () => {
      const found = currentBoxes();
      if (!found) return;
      const delta = scrollDelta(found.word, found.sentence, headerBottom() + MARGIN, window.innerHeight - element.offsetHeight - MARGIN);
      if (Math.abs(delta) < 1) return;
      // To an absolute place: a second call while the first scroll runs aims at the same spot.
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: window.scrollY + delta, behavior: smooth ? 'smooth' : 'auto' });
    };
    keep();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    return () => observer.disconnect();
  }, [sheet, selection]);
}
