import { useCallback, useRef, useState } from 'react';
import { ErrorNotice, Link, Spinner, toast } from '@verba/kit';
import { markWord, setCachedStatus, useArticle, useStatuses, type WordStatus } from '../api/reader-api';
import type { WordIndex } from '../word-index';
import { ReaderText, type SelectedWord } from './ReaderText';
import { WordPanel } from './WordPanel';
import '../reader.css';

const EMPTY: ReadonlyMap<string, WordStatus> = new Map();

export function ReaderPage({ articleId }: { articleId: string }) {
  const article = useArticle(articleId);
  const statuses = useStatuses(article.data?.languageCode);
  const [selected, setSelected] = useState<SelectedWord | null>(null);
  const [, repaintPanel] = useState(0);
  const index = useRef<WordIndex | null>(null);

  const languageCode = article.data?.languageCode;

  /** Optimistic: repaint every occurrence now, roll back if the server says no. */
  const mark = useCallback(
    (key: string, status: WordStatus) => {
      const words = index.current;
      if (!words || !languageCode) return;
      const previous = words.statusOf(key);
      if (previous === status) return;
      words.setStatus(key, status);
      setCachedStatus(languageCode, key, status);
      repaintPanel((n) => n + 1);
      markWord(languageCode, key, status).catch((error: Error) => {
        words.setStatus(key, previous);
        setCachedStatus(languageCode, key, previous);
        repaintPanel((n) => n + 1);
        toast({ title: `Could not save “${key}”`, description: error.message, variant: 'destructive' });
      });
    },
    [languageCode],
  );

  const onReady = useCallback((words: WordIndex) => {
    index.current = words;
  }, []);

  // The text waits for the statuses (or their failure): painting all words "new" first would flash.
  if (article.isPending || (statuses.isPending && statuses.fetchStatus !== 'idle')) return <Spinner label="Loading the article…" />;
  if (article.isError) {
    return (
      <main>
        <p>
          <Link href="/app/library">← Library</Link>
        </p>
        <ErrorNotice title="This article could not be loaded." detail={article.error.message} onRetry={() => void article.refetch()} />
      </main>
    );
  }

  const words = index.current;
  return (
    <main className="rd-reader">
      <p>
        <Link href="/app/library">← Library</Link>
      </p>
      <h1 className="rd-title">{article.data.name}</h1>
      {statuses.isError ? (
        <p className="rd-warning" role="status">
          Your word statuses could not be loaded ({statuses.error.message}); all words show as new.
        </p>
      ) : null}
      <div className="rd-layout">
        <ReaderText
          content={article.data.content}
          statuses={statuses.data ?? EMPTY}
          onReady={onReady}
          onSelect={setSelected}
          onMark={mark}
        />
        <WordPanel
          word={selected}
          status={selected && words ? words.statusOf(selected.key) : 'new'}
          occurrences={selected && words ? words.occurrences(selected.key) : 0}
          onMark={mark}
        />
      </div>
    </main>
  );
}
