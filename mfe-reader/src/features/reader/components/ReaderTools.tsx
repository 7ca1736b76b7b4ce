import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, usePathname } from '@verba/kit';
import { comfortStyle } from '../comfort/comfort';
import { useReaderComfort } from '../api/comfort-api';
import { ComfortDialog } from '../comfort/ComfortDialog';
import { LearnFirstDialog } from '../learn-first/LearnFirstDialog';
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

/**
 * The reader's tools above the text: how the text is shown. "Text" opens the reading comfort options
 * (size, spacing, column, font, colours), applied as custom properties on the text's container, the
 * element these tools sit in (reader.css reads them on .rd-text). "Learn these first" lists the words that
 * lift the text to 95% known (issue 39.7).
 */
export function ReaderTools({ hasTranslation, sideBySide, onSideBySide, readAloud, articleId: given }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [learnFirstOpen, setLearnFirstOpen] = useState(false);
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
      <ComfortDialog
        comfort={comfort}
        onChange={change}
        saveError={saveError}
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button size="sm" variant="secondary" aria-haspopup="dialog">
            <span aria-hidden="true">Aa</span> Text
          </Button>
        }
      />
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
        <LearnFirstDialog
          articleId={articleId}
          open={learnFirstOpen}
          onOpenChange={setLearnFirstOpen}
          trigger={
            <Button size="sm" variant="secondary" aria-haspopup="dialog">
              Learn these first
            </Button>
          }
        />
      ) : null}
    </div>
  );
}
