import { useId, useState, type FormEvent } from 'react';
import { Button, toast } from '@verba/kit';
import { splitWordList, type LearningLanguage } from '@verba/contracts';
import { addWords } from '../api/my-words';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Words in from a pasted list: separated by commas, semicolons or line breaks (spec §5), added through add-many. */
export function PasteWords({ languageCode, languageLabel }: { languageCode: LearningLanguage; languageLabel: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'known' | 'uncertain'>('known');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { words, skipped } = splitWordList(text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (words.length === 0) return setError('Paste at least one word.');
    setSaving(true);
    setError(null);
    try {
      await addWords(languageCode, words, status);
      toast({ title: `${plural(words.length, 'word', 'words')} added as ${status === 'known' ? 'Known' : 'Uncertain'}` });
      setText('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="rd-dictionary__import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rd-dictionary__title">
        Add words from a list
      </h2>
      <form className="rd-paste" onSubmit={(e) => void submit(e)} noValidate>
        <div className="vk-field">
          <label htmlFor={`${id}-words`} className="vk-field__label">
            {languageLabel} words, separated by commas, semicolons or new lines
          </label>
          <textarea
            id={`${id}-words`}
            className="vk-input vk-textarea"
            rows={4}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-summary${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={`${id}-error`} className="vk-field__error" role="alert">
              {error}
            </p>
          ) : null}
          <p id={`${id}-summary`} className="rd-dictionary__note" aria-live="polite">
            {plural(words.length, 'word', 'words')} to add
            {skipped.length
              ? `; skipped (not one word each): ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ` and ${skipped.length - 5} more` : ''}`
              : ''}
          </p>
        </div>
        <div className="rd-dictionary__actions">
          <span className="rd-inline-field">
            <label htmlFor={`${id}-status`}>Mark them</label>
            <select
              id={`${id}-status`}
              className="vk-input"
              value={status}
              onChange={(e) => setStatus(e.target.value as 'known' | 'uncertain')}
            >
              <option value="known">Known</option>
              <option value="uncertain">Uncertain</option>
            </select>
          </span>
          <Button type="submit" disabled={saving}>
            {saving ? 'Adding…' : 'Add words'}
          </Button>
        </div>
      </form>
    </section>
  );
}
