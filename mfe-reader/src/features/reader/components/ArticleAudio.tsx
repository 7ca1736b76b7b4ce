import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '@verba/kit';
import { useArticleAudio } from '../api/reader-api';

// The player and its styles are fetched only for an article an admin attached audio to (most have
// none), so they stay out of the library's and the reader's first load.
const SentencePlayer = lazy(() =>
  import(/* webpackExports: ["SentencePlayer"] */ '@verba/kit/ui').then((ui) => ({ default: ui.SentencePlayer })),
);

/** The article's audio, when an admin attached some: play it and follow the highlighted sentence. */
export function ArticleAudio({ articleId, text }: { articleId: string; text: string }) {
  const audio = useArticleAudio(articleId);
  if (!audio.data?.audio) return null;
  return (
    <ErrorBoundary label="the audio player">
      <Suspense fallback={null}>
        <SentencePlayer audio={audio.data.audio} text={text} label="Listen to the article" />
      </Suspense>
    </ErrorBoundary>
  );
}
