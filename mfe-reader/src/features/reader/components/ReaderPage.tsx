import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Spinner, useSession, useTimeSpent } from '@verba/kit';
import { LearningLanguageSchema } from '@verba/contracts';
import { recordTime } from '@verba/contracts/http';
import { useArticle, useOpenedAt, useStatuses, type WordStatus } from '../api/reader-api';
import { recordRead, savePosition, useBookmark } from '../api/progress-api';
import { cardKey, useCardKeys } from '../api/word-help-api';
import { htmlToText, paginate, sentenceBounds } from '../paging';
import { NARROW, useMediaQuery } from '../touch/media';
import { useKeepInView } from '../touch/keep-in-view';
import { usePainted, type WordIndex } from '../word-index';
import { pageRows } from '../parallel';
import { useParallelText, useSideBySide } from '../use-parallel';
import { useWordAutoplay } from '../use-word-autoplay';
import { LOOK_UP_MS, useLookedUp, wordsBetween } from '../looked-up';
import { restOfPage, useMarkRest } from '../use-mark-rest';
import { TextReading, useReadingTime } from '../reading-time';
import { ArticleAudio } from './ArticleAudio';
import { ArticleFeedback } from './ArticleFeedback';
import { ArticleUnavailable } from './ArticleUnavailable';
import { PageFooter } from './PageFooter';
import { ReaderText, isPhrase, type SelectedWord } from './ReaderText';
import { ReaderTools } from './ReaderTools';
import { WordPanel } from './WordPanel';
import { selectedKey, useReviewInText } from '../due/use-review-in-text';
import { DueCard } from '../due/DueCard';
import { DueLegend } from '../due/DueLegend';
import '../reader.css';
import '../parallel.css';

const EMPTY: ReadonlyMap<string, WordStatus> = new Map();
const NO_CARDS: ReadonlySet<string> = new Set();
const PAGE_KEYS: Record<string, 1 | -1> = { PageDown: 1, ']': 1, PageUp: -1, '[': -1 };

/** Typing in a field, or a dialog open, keeps the page keys for themselves. */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]') !== null;

export function ReaderPage({ articleId }: { articleId: string }) {
  const openedAt = useOpenedAt();
  const article = useArticle(articleId, openedAt);
  const languageCode = article.data?.languageCode;
  // The statuses (and the article's cards) are asked for beside the article, not after it: until the article
  // says its language, the learner's current one (the library lists articles in it) is the likely one. With
  // the fetches in series the first page waited for both plus the paging between them (npm run bench -w
  // @verba/shell). An article in another language then asks for its own.
  const { user } = useSession();
  const likelyLanguage = LearningLanguageSchema.safeParse(user?.currentLearningLanguage).data;
  const statuses = useStatuses(languageCode ?? likelyLanguage, openedAt);
  useTimeSpent(recordTime, { languageCode, enabled: Boolean(languageCode) });
  const bookmark = useBookmark(articleId, openedAt);
  const cards = useCardKeys(languageCode ?? likelyLanguage, articleId);
  const [selected, setSelected] = useState<SelectedWord | null>(null);
  /** The words looked up (open in the panel a moment, alone or in a phrase) or marked on this article: "mark the rest" leaves them. */
  const lookedUp = useLookedUp(articleId);
  // "Play words aloud when I open them": the opened word is spoken as the panel's Listen button speaks it.
  useWordAutoplay(selected, languageCode);
  const [chosenPage, setChosenPage] = useState<number | null>(null);
  const [focusOnTurn, setFocusOnTurn] = useState<'first' | 'last' | null>(null);
  /** The page's words, painted outside React; a mark repaints them at once, and the counts below with them. */
  const [words, setWords] = useState<WordIndex | null>(null);
  usePainted(words);
  const top = useRef<HTMLHeadingElement>(null);
  // Too narrow for a side panel: the word panel is a bottom sheet, open only while a word is selected.
  const narrow = useMediaQuery(NARROW);
  const sheet = useRef<HTMLElement>(null);

  // The article as plain text: paged for reading, and split into sentences by the audio player.
  const text = useMemo(() => {
    const data = article.data;
    if (!data) return '';
    return data.contentFormat === 'html' ? htmlToText(data.content) : data.content;
  }, [article.data]);
  const pages = useMemo(() => (article.data ? paginate(text) : ['']), [article.data, text]);
  const totalPages = pages.length;
  const page = Math.min(Math.max(chosenPage ?? bookmark.data?.bookmark?.pageNumber ?? 1, 1), totalPages);
  useReadingTime(articleId, languageCode, page, pages[page - 1] ?? '');

  // The article's translation beside the text, paragraph by paragraph, when it has one and the learner wants it.
  const translation = article.data?.translation.trim() ?? '';
  const [sideBySide, setSideBySide] = useSideBySide(user?.uid);
  const parallelRows = useMemo(
    () => (sideBySide && translation !== '' ? pageRows(pages, page - 1, translation) : null),
    [sideBySide, translation, pages, page],
  );
  const textBox = useRef<HTMLDivElement>(null);
  useParallelText(textBox, words, parallelRows);

  useEffect(() => {
    if (languageCode) recordRead(articleId, languageCode);
  }, [articleId, languageCode]);

  /** The words open in the panel now: the selected word, or every word of a selected phrase. */
  const openWords = useMemo(() => (selected && words ? wordsBetween(words, selected.first, selected.last) : []), [selected, words]);
  // Open for a moment, they were looked up. Not at once: walking the text with the arrow keys opens every word it passes.
  useEffect(() => {
    if (openWords.length === 0) return;
    const timer = setTimeout(() => lookedUp.add(openWords), LOOK_UP_MS);
    return () => clearTimeout(timer);
  }, [openWords, lookedUp]);

  const closePanel = useCallback(() => {
    words?.highlight();
    setSelected(null);
  }, [words, setSelected]);

  /** Where the selected words and their sentence are on screen, for the sheet to keep them in sight. */
  const selectionBoxes = () => {
    if (!words || !selected) return null;
    const [start, end] = words.span(selected.first, selected.last);
    const [first, last] = words.within(...sentenceBounds(pages[page - 1] ?? '', start, end)) ?? [selected.first, selected.last];
    return {
      word: words.box(selected.first, selected.last),
      sentence: words.box(Math.min(first, selected.first), Math.max(last, selected.last)),
    };
  };
  useKeepInView(sheet, selectionBoxes, narrow ? selected : null);

  const turn = useCallback(
    (next: number, focus: 'first' | 'last' | null = null) => {
      if (!languageCode || next < 1 || next > totalPages || next === page) return;
      setFocusOnTurn(focus);
      setChosenPage(next);
      setSelected(null);
      savePosition(articleId, languageCode, next, totalPages);
      top.current?.scrollIntoView?.({ block: 'start' });
    },
    [articleId, languageCode, page, totalPages, setSelected],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const dir = PAGE_KEYS[event.key];
      if (!dir || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
      event.preventDefault();
      turn(page + dir);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turn, page]);

  const markRest = useMarkRest(languageCode, words, statuses.data ?? EMPTY);
  // Review in the text: words with a card due today are underlined; G or the panel's "I knew it here" reviews it.
  const review = useReviewInText(languageCode ?? likelyLanguage, openedAt, words, selected);

  /** The page's still-New words, but those looked up or set on this article, become Known in one PATCH (with an Undo); then on to the next page. */
  const markRestKnown = useCallback(() => {
    if (!words) return;
    // The word open in the panel as the learner presses the button is one they looked up, however briefly.
    lookedUp.add(openWords);
    const rest = restOfPage(words, lookedUp.words());
    if (rest.length === 0) return;
    markRest(rest);
    turn(page + 1);
  }, [words, lookedUp, openWords, markRest, page, turn]);

  // The text waits for the statuses and the bookmark (or their failure): painting all words "new"
  // first, or page 1 before the bookmarked page, would flash.
  const waiting = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus !== 'idle';
  if (article.isPending || waiting(statuses) || waiting(bookmark)) return <Spinner label="Loading the article…" />;
  if (article.isError) return <ArticleUnavailable query={article} />;

  const counts = { new: 0, uncertain: 0, known: 0 };
  if (words) for (const word of words.distinctWords()) counts[words.statusOf(word)]++;
  const restCount = words ? restOfPage(words, new Set([...lookedUp.words(), ...openWords])).length : 0;
  const cardKeys = cards.data ?? NO_CARDS;
  const hasCard = selected !== null && cardKeys.has(isPhrase(selected) ? cardKey(selected.text) : selected.word);
  const dueCard = review.cardOf(selectedKey(selected));

  return (
    <main className={narrow && selected ? 'rd-reader rd-reader--sheet-open' : 'rd-reader'}>
      <p className="rd-reader__back">
        <Link href="/app/library">← Library</Link>
        {article.data.isAuthor ? <Link href={`/app/edit-article?id=${encodeURIComponent(articleId)}`}>Edit article</Link> : null}
        {/* The article's thread in the forum (the shell's page); private articles have none. */}
        {article.data.isPrivate ? null : (
          <Link href={`/app/forum/discuss/article/${encodeURIComponent(articleId)}?${new URLSearchParams({ title: article.data.name })}`}>
            Discuss
          </Link>
        )}
      </p>
      <h1 className="rd-title" ref={top}>
        {article.data.name}
      </h1>
      <ArticleAudio
        articleId={articleId}
        ownRecording={article.data.isAuthor && article.data.isPrivate}
        text={text}
        words={words}
        pageStart={pages.slice(0, page - 1).join('').length}
      />
      {article.data.isAuthor && article.data.needApprove ? (
        <p className="rd-info" role="status">
          This article waits for an administrator’s approval before it appears in the public library.
        </p>
      ) : null}
      {article.data.isAuthor && article.data.declineReason ? (
        <p className="rd-warning" role="status">
          An administrator declined this article for the public library: “{article.data.declineReason}” — it stays private; you can edit it
          and send it again.
        </p>
      ) : null}
      {statuses.isError ? (
        <p className="rd-warning" role="status">
          Your word statuses could not be loaded ({statuses.error.message}); all words show as new.
        </p>
      ) : null}
      <div className="rd-layout">
        <div className="rd-parallel" ref={textBox}>
          <ReaderTools
            hasTranslation={translation !== ''}
            sideBySide={sideBySide}
            onSideBySide={setSideBySide}
            readAloud={{ words, pageText: pages[page - 1] ?? '', languageCode, selected: selected?.first ?? null }}
          />
          <DueLegend count={review.dueOnPage} noteId={review.noteId} />
          <ReaderText
            content={pages[page - 1] ?? ''}
            statuses={statuses.data ?? EMPTY}
            cardKeys={cardKeys}
            onReady={setWords}
            onSelect={setSelected}
            article={article.data}
            onEdge={(dir) => turn(page + dir, dir === 1 ? 'first' : 'last')}
            initialFocus={focusOnTurn}
            onSwipe={(dir) => turn(page + dir)}
          />
          <PageFooter page={page} totalPages={totalPages} counts={counts} rest={restCount} onTurn={turn} onMarkRestKnown={markRestKnown} />
          {page === totalPages ? <TextReading articleId={articleId} /> : null}
          <ArticleFeedback articleId={articleId} isAuthor={article.data.isAuthor} />
        </div>
        <WordPanel
          word={selected}
          words={words}
          article={article.data}
          hasCard={hasCard}
          dueCard={dueCard ? <DueCard card={dueCard} languageCode={article.data.languageCode} review={review} /> : null}
          sheet={narrow ? { onClose: closePanel, ref: sheet } : null}
        />
      </div>
    </main>
  );
}
