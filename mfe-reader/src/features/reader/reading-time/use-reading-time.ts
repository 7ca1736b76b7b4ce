import { useEffect, useMemo } from 'react';
import { splitWords, type LearningLanguage } from '@verba/contracts';
import { reportReadingTime } from '../api/progress-api';
import { ActiveTime, TICK_MS } from './active-time';

const INTERACTIONS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * Reports the learner's active time on each page of the text with the page's words (issue 39.6), when the
 * page is left: another page, another text, the reader closed or the tab put away for good. Hidden time and
 * time without any interaction for two minutes do not count; a page counts at most ten minutes a visit.
 */
export function useReadingTime(articleId: string, languageCode: LearningLanguage | undefined, pageNumber: number, pageText: string): void {
  const words = useMemo(() => splitWords(pageText).length, [pageText]);

  useEffect(() => {
    if (!languageCode) return;
    const clock = new ActiveTime(Date.now());
    let sent = false;
    const visible = () => document.visibilityState === 'visible';
    const interacted = () => clock.interacted(Date.now());
    const tick = () => clock.tick(Date.now(), visible());
    const report = () => {
      if (sent) return;
      tick();
      const seconds = clock.seconds();
      if (seconds < 1) return;
      sent = true;
      reportReadingTime(articleId, languageCode, { pageNumber, seconds, words });
    };
    const timer = setInterval(tick, TICK_MS);
    for (const type of INTERACTIONS) window.addEventListener(type, interacted, { passive: true, capture: true });
    // Counted up to the moment the tab hides; closing the tab then reports what was read.
    const onVisibility = () => tick();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', report);
    return () => {
      clearInterval(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, interacted, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', report);
      report();
    };
  }, [articleId, languageCode, pageNumber, words]);
}
