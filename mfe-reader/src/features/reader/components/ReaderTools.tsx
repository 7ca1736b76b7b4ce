import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button, pageChunks, usePathname } from '@verba/kit';
import { comfortStyle } from '../comfort/comfort';
import { useReaderComfort } from '../api/comfort-api';
import { LazyDialogButton } from './LazyDialogButton';
import { loadFont } from '../comfort/fonts';
import { ReadAloudButtons } from '../readaloud/ReadAloudButtons';
import type { ReadAloudOptions } from '../readaloud/use-read-aloud';

interface Props {
  /** The article's translation (trimmed): the side-by-side toggle shows only when there is one. */
  hasTranslation: boolean;
  sideBySide: boolean;
  onSideBySide: (on: boolean) => void;
  /** The page being read, for "Play sentence", its key P and "Read aloud". */
  readAloud: Omit<ReadAloudOptions, 'anchor'>;
  /** The article read, for "Learn these first"; by default the one the reader's address names. */
  articleId?: string;
}

/** The article read, from the reader's address (/app/library/<id>), as ReaderApp finds it. */
const articleIdOf = (pathname: string) => {
  const id = /^\/app\/library\/([^/]+)\/?$/.exec(pathname)?.[1];
  return id ? decodeURIComponent(id) : undefined;
};

// The dialogs (Radix, react-hook-form) come when a learner reaches for their buttons, not with the reader.
const loadComfort = () => import('../comfort/ComfortDialog');
const useComfort = pageChunks(loadComfort);
const loadLearnFirst = () => import('../learn-first/LearnFirstDialog');
const useLearnFirst = pageChunks(loadLearnFirst);

/**
 * The reader's tools above the text: how the text is shown. "Text" opens the reading comfort options
 * (size, spacing, column, font, colours), applied as custom properties on the text's container, the
 * element these tools sit in (reader.css reads them on .rd-text). "Learn these first" lists the words that
 * lift the text to 95% known (issue 39.7).
 */
export function ReaderTools({ hasTranslation, sideBySide, onSideBySide, readAloud, articleId: given }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const articleId = given ?? articleIdOf(pathname);
  const { comfort, change, saveError } = useReaderComfort();
  const { properties, theme } = comfortStyle(comfort);
  const styleKey = JSON.stringify(properties);

  useLayoutEffect(() => {
    const box = bar.current?.parentElement;
    if (!box) return;
    const names = Object.keys(properties);
    for (const [name, value] of Object.entries(properties)) box.style.setProperty(name, value);
    box.dataset.rdTheme = theme;
    return () => {
      for (const name of names) box.style.removeProperty(name);
      delete box.dataset.rdTheme;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- properties is keyed by styleKey
  }, [styleKey, theme]);

  useEffect(() => {
    void loadFont(comfort.font);
  }, [comfort.font]);

  return (
    <div className="rd-tools" ref={bar}>
      <LazyDialogButton
        load={loadComfort}
        useChunk={useComfort}
        dialog={(chunk, close) => (
          <chunk.ComfortDialog comfort={comfort} onChange={change} saveError={saveError} open onOpenChange={(o) => o || close()} />
        )}
      >
        <span aria-hidden="true">Aa</span> Text
      </LazyDialogButton>
      {hasTranslation ? (
        <Button
          size="sm"
          variant={sideBySide ? 'primary' : 'secondary'}
          aria-pressed={sideBySide}
          onClick={() => onSideBySide(!sideBySide)}
        >
          Show the translation
        </Button>
      ) : null}
      <ReadAloudButtons {...readAloud} />
      {articleId ? (
        <LazyDialogButton
          load={loadLearnFirst}
          useChunk={useLearnFirst}
          dialog={(chunk, close) => <chunk.LearnFirstDialog articleId={articleId} open onOpenChange={(o) => o || close()} />}
        >
          Learn these first
        </LazyDialogButton>
      ) : null}
    </div>
  );
}
