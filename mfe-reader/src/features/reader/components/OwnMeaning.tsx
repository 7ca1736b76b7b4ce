import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, TextField } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import { FlashcardSideSchema } from '@verba/contracts/http';
import { saveMeaning } from '../api/word-help-api';

interface Props {
  languageCode: LearningLanguage;
  word: string;
  /** The meaning saved before, if any (the field starts with it). */
  saved: string | null;
  /** Why the form is open, shown above the field (e.g. a card needs a back). */
  hint?: string | undefined;
  /** Called with the saved meaning. */
  onSaved: (meaning: string) => void;
  /** Closes the form without saving; absent where the form is the only way on (no translation). */
  onCancel?: (() => void) | undefined;
  /** Focus the field: the learner asked for the form (not when it just appears, which would pull the keyboard out of the text). */
  focus: boolean;
}

/**
 * The learner types their own meaning of a word: saved for them, offered whenever the word is opened again,
 * and used as the back of their flashcard. One plain field rather than react-hook-form: the reader's first
 * load stays without the forms chunk, and the card side's schema gives the same messages.
 */
export function OwnMeaningForm({ languageCode, word, saved, hint, onSaved, onCancel, focus }: Props) {
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus, hint]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = FlashcardSideSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await saveMeaning(languageCode, word, parsed.data);
      onSaved(parsed.data);
    } catch (e) {
      setError((e as Error).message || 'Could not save the meaning');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="rd-meaning-form" onSubmit={(e) => void submit(e)} noValidate>
      {hint ? (
        <p className="rd-info" role="status">
          {hint}
        </p>
      ) : null}
      <TextField
        ref={input}
        label={`Your meaning of “${word}”`}
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
        placeholder="e.g. tent"
        autoComplete="off"
      />
      <div className="rd-panel__actions">
        <Button size="sm" type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save meaning'}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" type="button" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
