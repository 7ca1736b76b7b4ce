import { Button } from '@verba/kit';
import type { Preview } from '../api/word-import';

const FORMATS = { lute: 'LUTE export', lingq: 'LingQ export', verba: 'Verba flashcard export', list: 'word list' } as const;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const SHOWN_CHANGES = 10;

/** What the import will change, counted, before the learner confirms it. */
export function ImportPreview({
  preview,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: Preview;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { counts, changes } = preview.plan;
  const total = counts.newKnown + counts.newUncertain + counts.newIgnored + counts.changed;
  return (
    <div className="rd-preview" aria-labelledby="rd-preview-title">
      <h3 id="rd-preview-title" className="rd-preview__title">
        {preview.fileName} ({FORMATS[preview.list.format]})
      </h3>
      <ul className="rd-preview__counts" aria-label="What the import changes">
        <li>{plural(counts.newKnown, 'new word marked Known', 'new words marked Known')}</li>
        <li>{plural(counts.newUncertain, 'new word marked Uncertain', 'new words marked Uncertain')}</li>
        <li>{plural(counts.newIgnored, 'new word marked Ignored', 'new words marked Ignored')}</li>
        <li>{plural(counts.changed, 'word changes its status', 'words change their status')}</li>
        <li>{plural(counts.unchanged, 'word is already as in the file', 'words are already as in the file')}</li>
        <li>
          {plural(
            counts.skipped,
            'row skipped (phrase, other language or not a word)',
            'rows skipped (phrases, other languages or not words)',
          )}
        </li>
      </ul>
      {changes.length ? (
        <p className="rd-dictionary__note">
          Changes:{' '}
          {changes
            .slice(0, SHOWN_CHANGES)
            .map((c) => `${c.word} (${c.from} → ${c.to})`)
            .join(', ')}
          {changes.length > SHOWN_CHANGES ? `, and ${changes.length - SHOWN_CHANGES} more` : ''}
        </p>
      ) : null}
      <div className="rd-dictionary__actions">
        <Button onClick={onConfirm} disabled={busy || total === 0}>
          {total === 0 ? 'Nothing to import' : `Import ${plural(total, 'word', 'words')}`}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
