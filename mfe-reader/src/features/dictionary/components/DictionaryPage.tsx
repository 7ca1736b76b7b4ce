import { useState, type ChangeEvent } from 'react';
import { Link, QueryErrorNotice, SectionHeader, Spinner, toast, useSession } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import { LEARNING_LANGUAGES, LearningLanguageSchema, type LearningLanguage, LANGUAGE_NAMES } from '@verba/contracts';
import { useCounts } from '../api/my-words';
import { plannedWords, previewFile, useApplyPlan, type Preview } from '../api/word-import';
import { ImportPreview } from './ImportPreview';
import { LevelHint } from './LevelHint';
import { PasteWords } from './PasteWords';
import { WordList } from './WordList';
import '../dictionary.css';

/**
 * /app/dictionary, "My words": the level hint, the learner's words of one language (search, filter, change,
 * mark many), words in from a pasted list or a CSV (LingQ, LUTE, a Verba card export).
 */
export function DictionaryPage() {
  const { user } = useSession();
  const [languageCode, setLanguage] = useState<LearningLanguage>(() =>
    LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage),
  );
  const counts = useCounts(languageCode);
  const languageLabel = LANGUAGE_NAMES[languageCode];
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const { apply, sent } = useApplyPlan(languageCode);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setPreview(null);
    setFailure(null);
    if (!file) return;
    setReading(true);
    try {
      setPreview(await previewFile(file, languageCode));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setReading(false);
    }
  };

  const confirm = async (current: Preview) => {
    try {
      await apply(current.plan);
      const changed = plannedWords(current.plan);
      toast({ title: `${changed} ${changed === 1 ? 'word' : 'words'} imported` });
      setPreview(null);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <main className="rd-dictionary">
      <SectionHeader section="library" title="My words" subtitle={`Your words in ${languageLabel}`} />
      <div className="rd-dictionary__top">
        <Link href="/app/library">← Library</Link>
        <span className="rd-inline-field">
          <label htmlFor="rd-words-language">Language</label>
          <select
            id="rd-words-language"
            className="vk-input"
            value={languageCode}
            onChange={(e) => setLanguage(LearningLanguageSchema.parse(e.target.value))}
          >
            {LEARNING_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </span>
      </div>
      {counts.isPending ? <Spinner label="Loading your words…" /> : null}
      <QueryErrorNotice query={counts} title="Your dictionary could not be loaded." />
      {counts.data ? <LevelHint known={counts.data.known} uncertain={counts.data.uncertain} level={counts.data.levelHint} /> : null}
      <PasteWords key={`paste-${languageCode}`} languageCode={languageCode} languageLabel={languageLabel} />
      <WordList key={`list-${languageCode}`} languageCode={languageCode} languageLabel={languageLabel} />
      <section className="rd-dictionary__import" aria-labelledby="rd-import-words">
        <h2 id="rd-import-words" className="rd-dictionary__title">
          Import words from a CSV file
        </h2>
        <p className="rd-dictionary__note">
          A LingQ or LUTE vocabulary export, a Verba flashcard export, or any list with a “term” or “word” column (and a “status” column:
          known, learning, ignored, or LingQ’s and LUTE’s numbers). You see what changes before anything is saved; nothing is removed.
        </p>
        {failure ? (
          <p className="rd-dictionary__error" role="alert">
            {failure}
          </p>
        ) : null}
        <label className="vk-field">
          <span className="vk-field__label">Word list (.csv or .tsv)</span>
          <input
            className="vk-input"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            disabled={reading || sent !== null}
            onChange={(e) => void choose(e)}
          />
        </label>
        {reading ? <Spinner label="Reading the file…" /> : null}
        {preview ? (
          <ImportPreview preview={preview} busy={sent !== null} onConfirm={() => void confirm(preview)} onCancel={() => setPreview(null)} />
        ) : null}
        {sent ? (
          <div className="rd-dictionary__progress">
            <ProgressBar value={(100 * sent.done) / Math.max(1, sent.total)} label="Import progress" />
            <p className="rd-dictionary__note" role="status">
              Saving words: {sent.done} of {sent.total}
            </p>
          </div>
        ) : null}
      </section>
    </main>
  );
}
