import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@verba/kit';
import { comfortStyle } from '../comfort/comfort';
import { useReaderComfort } from '../api/comfort-api';
import { ComfortDialog } from '../comfort/ComfortDialog';
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
}

/**
 * The reader's tools above the text: how the text is shown. "Text" opens the reading comfort options
 * (size, spacing, column, font, colours), applied as custom properties on the text's container, the
 * element these tools sit in (reader.css reads them on .rd-text).
 */
export function ReaderTools({ hasTranslation, sideBySide, onSideBySide, readAloud }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
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
    </div>
  );
}
