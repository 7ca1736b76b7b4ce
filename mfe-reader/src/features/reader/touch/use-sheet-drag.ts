import { useRef, type PointerEvent, type RefObject } from 'react';
import { closesSheet, releaseVelocity, VELOCITY_WINDOW_MS } from './gestures';

/** Moves less than this and it is a tap (on the close button, say), not a drag. */
const SLOP = 8;
/** How long the sheet takes to slide out once let go (its transition in reader.css). */
const CLOSE_MS = 200;

/**
 * Drag-to-close for a bottom sheet, by its top bar: the sheet follows the pointer down and closes when
 * let go far or fast enough (gestures.ts); otherwise it slides back. The sheet moves by a transform
 * written straight to the element, so a drag re-renders nothing.
 */
export function useSheetDrag(onClose: () => void, sheet: RefObject<HTMLElement | null>) {
  const drag = useRef<{ id: number; y: number; moved: boolean; samples: Array<{ y: number; t: number }> } | null>(null);
  const follow = (dy: number) => {
    const element = sheet.current;
    if (!element) return;
    element.style.setProperty('transform', dy > 0 ? `translateY(${dy}px)` : '');
    element.toggleAttribute('data-dragging', dy > 0);
  };
  const end = () => {
    drag.current = null;
    follow(0);
  };
  return {
    onPointerDown(event: PointerEvent) {
      if (event.button !== 0 || !event.isPrimary) return;
      drag.current = { id: event.pointerId, y: event.clientY, moved: false, samples: [{ y: event.clientY, t: event.timeStamp }] };
    },
    onPointerMove(event: PointerEvent) {
      const current = drag.current;
      if (!current || current.id !== event.pointerId) return;
      const dy = event.clientY - current.y;
      current.samples = [
        ...current.samples.filter((s) => event.timeStamp - s.t <= VELOCITY_WINDOW_MS),
        { y: event.clientY, t: event.timeStamp },
      ];
      if (!current.moved && dy > SLOP) {
        // Only now: captured from the start, a tap on the close button would land on the bar instead.
        current.moved = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      if (current.moved) follow(dy);
    },
    onPointerUp(event: PointerEvent) {
      const current = drag.current;
      if (!current || current.id !== event.pointerId) return;
      const samples = [...current.samples, { y: event.clientY, t: event.timeStamp }];
      const release = { dy: event.clientY - current.y, velocity: releaseVelocity(samples) };
      if (!current.moved || !closesSheet(release, sheet.current?.offsetHeight ?? 0)) return end();
      drag.current = null;
      // The sheet slides the rest of the way out from under the finger, then closes.
      sheet.current?.removeAttribute('data-dragging');
      sheet.current?.style.setProperty('transform', 'translateY(100%)');
      window.setTimeout(onClose, CLOSE_MS);
    },
    onPointerCancel: end,
  };
}
