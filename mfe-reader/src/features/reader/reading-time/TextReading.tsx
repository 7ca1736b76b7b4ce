import { useTextReading } from '../api/progress-api';

/**
 * The learner's figures for this text at its end (issue 39.6): the words read on its pages and the speed, in
 * words a minute, over the pages read (pages turned faster than one can read count none). Until a page is
 * reported (when it is left) there is nothing to say.
 */
export function TextReading({ articleId }: { articleId: string }) {
  const { data } = useTextReading(articleId);
  if (!data || data.wordsRead === 0) return null;
  return (
    <p className="rd-info" role="status" aria-live="polite">
      You have read {data.wordsRead.toLocaleString('en')} {data.wordsRead === 1 ? 'word' : 'words'} of this text in {timeText(data.seconds)}
      {data.wordsPerMinute !== null ? `: ${data.wordsPerMinute.toLocaleString('en')} words a minute` : ''}
    </p>
  );
}

/** "under a minute" below one (a rounded "1 minute" beside 360 words a minute reads as a sum gone wrong), else whole minutes. */
function timeText(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
