import { Button } from '@verba/kit';

interface Props {
  /** The article's translation (trimmed): the side-by-side toggle shows only when there is one. */
  hasTranslation: boolean;
  sideBySide: boolean;
  onSideBySide: (on: boolean) => void;
}

/** The reader's tools above the text: how the text is shown. */
export function ReaderTools({ hasTranslation, sideBySide, onSideBySide }: Props) {
  if (!hasTranslation) return null;
  return (
    <div className="rd-tools">
      <Button size="sm" variant={sideBySide ? 'primary' : 'secondary'} aria-pressed={sideBySide} onClick={() => onSideBySide(!sideBySide)}>
        Show the translation
      </Button>
    </div>
  );
}
