import { useState, type FormEvent } from 'react';
import { Button, SectionHeader, TextField, toast } from '@verba/kit';
import { LANGUAGE_NAMES, LEARNING_LANGUAGES, wordKey, type LearningLanguage } from '@verba/contracts';
import { Select } from '../../../components/Select';
import { useBaseCorrection, useCorrectBase } from '../api/word-families';

const NOT_A_WORD = 'Type a word.';

/**
 * /app/admin/word-families (issue 38.2): look a form up and correct its base word for everyone, where the
 * bundled dictionary gives a wrong one ("sé" is a form of "saber", not "ser"); a learner's own choice still
 * wins for them. The log names the admin who corrected it.
 */
export function WordFamiliesPage() {
  const [language, setLanguage] = useState<LearningLanguage>('de');
  const [word, setWord] = useState('');
  const [wordError, setWordError] = useState<string | undefined>();
  const [looked, setLooked] = useState<{ languageCode: LearningLanguage; word: string } | null>(null);
  const lookUp = (e: FormEvent) => {
    e.preventDefault();
    const key = wordKey(word);
    setWordError(key ? undefined : NOT_A_WORD);
    setLooked(key ? { languageCode: language, word: key } : null);
  };
  return (
    <main>
      <SectionHeader section="admin" title="Word families" subtitle="Look a word up and correct its base word for everyone." />
      <form className="ad-form" onSubmit={lookUp} noValidate>
        <div className="ad-form__row">
          <Select
            label="Language"
            value={language}
            options={LEARNING_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={(v) => setLanguage(v || 'de')}
          />
          <TextField label="Word" value={word} error={wordError} onChange={(e) => setWord(e.target.value)} autoComplete="off" />
        </div>
        <Button type="submit">Look up</Button>
      </form>
      {looked ? <Correction key={`${looked.languageCode}:${looked.word}`} looked={looked} /> : null}
    </main>
  );
}

function Correction({ looked }: { looked: { languageCode: LearningLanguage; word: string } }) {
  const read = useBaseCorrection(looked);
  const correct = useCorrectBase();
  const [base, setBase] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (read.isError) return <p role="alert">{read.error.message}</p>;
  if (!read.data) return <p>Looking “{looked.word}” up…</p>;
  const { dictionaryBase, correction } = read.data;
  const save = (next: string | null) => {
    setError(undefined);
    correct.mutate(
      { body: { languageCode: looked.languageCode, word: looked.word, base: next } },
      {
        onSuccess: () => {
          setBase('');
          toast({
            title: next
              ? `The base word of “${looked.word}” is now “${next}” for everyone.`
              : `“${looked.word}” has the dictionary’s base word again.`,
          });
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = wordKey(base);
    if (!key) setError(NOT_A_WORD);
    else save(key);
  };
  return (
    <section className="ad-form" aria-label={`Base word of “${looked.word}”`}>
      <dl className="ad-history__details">
        <dt>The dictionary’s base word</dt>
        <dd>{dictionaryBase === looked.word ? `none (“${looked.word}” is its own base word)` : dictionaryBase}</dd>
        <dt>Correction for everyone</dt>
        <dd>{correction ? `${correction.base} (since ${new Date(correction.correctedAt).toLocaleDateString('en')})` : 'none'}</dd>
      </dl>
      <form onSubmit={submit} noValidate>
        <TextField label="Correct base word" value={base} error={error} onChange={(e) => setBase(e.target.value)} autoComplete="off" />
        <div className="ad-actions">
          <Button type="submit" disabled={correct.isPending}>
            Save for everyone
          </Button>
          {correction ? (
            <Button type="button" variant="secondary" disabled={correct.isPending} onClick={() => save(null)}>
              Remove the correction
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
