import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorNotice, Link, Spinner, toast } from '@verba/kit';
import { fetchArticle, fetchStatuses, markWord, type Article, type WordStatus } from '../api/reader-api';
import type { WordIndex } from '../word-index';
import { ReaderText, type SelectedWord } from './ReaderText';
import { WordPanel } from './WordPanel';
import '../reader.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; article: Article; statuses: ReadonlyMap<string, WordStatus>; dictionaryError?: string };

const EMPTY: ReadonlyMap<string, WordStatus> = new Map();

export function ReaderPage({ articleId }: { articleId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<SelectedWord | null>(null);
  const [, repaintPanel] = useState(0);
  const index = useRef<WordIndex | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    (async () => {
      const article = await fetchArticle(articleId, controller.signal);
      try {
        const statuses = await fetchStatuses(article.languageCode, controller.signal);
        setLoad({ state: 'ready', article, statuses });
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        // The text is still readable; every word just shows as new.
        setLoad({ state: 'ready', article, statuses: EMPTY, dictionaryError: (error as Error).message });
      }
    })().catch((error: Error) => {
      if (error.name !== 'AbortError') setLoad({ state: 'error', message: error.message });
    });
    return () => controller.abort();
  }, [articleId, attempt]);

  const languageCode = load.state === 'ready' ? load.article.languageCode : '';

  /** Optimistic: repaint every occurrence now, roll back if the server says no. */
  const mark = useCallback(
    (key: string, status: WordStatus) => {
      const words = index.current;
      if (!words) return;
      const previous = words.statusOf(key);
      if (previous === status) return;
      words.setStatus(key, status);
      repaintPanel((n) => n + 1);
      markWord(languageCode, key, status).catch((error: Error) => {
        words.setStatus(key, previous);
        repaintPanel((n) => n + 1);
        toast({ title: `Could not save “${key}”`, description: error.message, variant: 'destructive' });
      });
    },
    [languageCode],
  );

  const onReady = useCallback((words: WordIndex) => {
    index.current = words;
  }, []);

  if (load.state === 'loading') return <Spinner label="Loading the article…" />;
  if (load.state === 'error') {
    return (
      <main>
        <p>
          <Link href="/app/library">← Library</Link>
        </p>
        <ErrorNotice title="This article could not be loaded." detail={load.message} onRetry={() => setAttempt((n) => n + 1)} />
      </main>
    );
  }

  const words = index.current;
  return (
    <main className="rd-reader">
      <p>
        <Link href="/app/library">← Library</Link>
      </p>
      <h1 className="rd-title">{load.article.name}</h1>
      {load.dictionaryError ? (
        <p className="rd-warning" role="status">
          Your word statuses could not be loaded ({load.dictionaryError}); all words show as new.
        </p>
      ) : null}
      <div className="rd-layout">
        <ReaderText
          content={load.article.content}
          statuses={load.statuses}
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
