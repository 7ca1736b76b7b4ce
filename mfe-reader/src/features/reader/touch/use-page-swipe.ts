import { useRef, type PointerEvent } from 'react';
import { pageSwipe } from './gestures';

/**
 * Pointer handlers that turn the page on a horizontal swipe of a finger or pen. A mouse drag is left to
 * selecting several words. The text's `touch-action: pan-y` (reader.css) keeps the sideways move for
 * the page while the browser still scrolls up and down (and then cancels the pointer).
 */
export function usePageSwipe(onTurn: (dir: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number; t: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      start.current =
        event.pointerType === 'mouse' || !event.isPrimary
          ? null
          : { id: event.pointerId, x: event.clientX, y: event.clientY, t: event.timeStamp };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dir = pageSwipe({ dx: event.clientX - from.x, dy: event.clientY - from.y, ms: event.timeStamp - from.t });
      if (dir !== 0) onTurn(dir);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
