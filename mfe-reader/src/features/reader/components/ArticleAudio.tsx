import { lazy, Suspense, useRef } from 'react';
import { ErrorBoundary } from '@verba/kit';
import { useArticleAudio } from '../api/reader-api';
import { useAudioInText } from '../readaloud/follow-audio';
import type { WordIndex } from '../word-index';
import { OwnRecording } from './OwnRecording';

// The player and its styles are fetched only for an article an admin attached audio to (most have
// none), so they stay out of the library's and the reader's first load.
const SentencePlayer = lazy(() =>
  import(/* webpackExports: ["SentencePlayer"] */ '@verba/kit/ui').then((ui) => ({ default: ui.SentencePlayer })),
);

interface Props {
  articleId: string;
  /** The reader may attach their own recording (the author of a private article). */
  ownRecording?: boolean;
  text: string;
  /** The page's words, where the sentence being heard is lit too, and where the page starts in `text`. */
  words?: WordIndex | null;
  pageStart?: number;
}

/**
 * The article's audio, when an admin or its author attached some: play it and follow the highlighted sentence,
 * in the list and in the text. The author of a private article may attach (or replace) their own recording.
 */
export function ArticleAudio({ articleId, ownRecording = false, text, words = null, pageStart = 0 }: Props) {
  const audio = useArticleAudio(articleId);
  const player = useRef<HTMLDivElement>(null);
  const stored = audio.data?.audio;
  useAudioInText(player, stored?.sentences, text, words, pageStart);
  const own = ownRecording ? <OwnRecording articleId={articleId} hasAudio={Boolean(stored)} /> : null;
  if (!stored) return own;
  return (
    <div ref={player}>
      <ErrorBoundary label="the audio player">
        <Suspense fallback={null}>
          <SentencePlayer audio={stored} text={text} label="Listen to the article" repeatKey="r" />
        </Suspense>
      </ErrorBoundary>
      {own}
    </div>
  );
}
