import { useState, type ChangeEvent } from 'react';
import { ErrorNotice, Link, SectionHeader, Spinner, atLeast, toast, useSession } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import { useMinPosition, useRouteQuery } from '@verba/kit/query';
import { LearningLanguageSchema } from '@verba/contracts';
import { dictionaryAnalytics } from '@verba/contracts/http';
import { languageName } from '../../../language';
import { previewFile, useApplyPlan, type Preview } from '../api/word-import';
import { ImportPreview } from './ImportPreview';
import '../dictionary.css';

/** /app/dictionary: the learner's word counts and words in from a CSV (LingQ, LUTE, a Verba card export). */
export function DictionaryPage() {
  const { user } = useSession();
  const languageCode = LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
  const minPosition = useMinPosition();
  const counts = useRouteQuery(dictionaryAnalytics, { query: { languageCode, ...atLeast(minPosition) } }, { placeholderData: (p) => p });
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
      const changed = current.plan.send.known.length + current.plan.send.uncertain.length;
      toast({ title: `${changed} ${changed === 1 ? 'word' : 'words'} imported` });
      setPreview(null);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <main className="rd-dictionary">
      <SectionHeader section="library" title="My dictionary" subtitle={`Your words in ${languageName(languageCode)}`} />
      <p>
        <Link href="/app/library">← Library</Link>
      </p>
      {counts.isPending ? <Spinner label="Loading your words…" /> : null}
      {counts.isError ? <ErrorNotice title="Your dictionary could not be loaded." detail={counts.error.message} onRetry={() => void counts.refetch()} /> : null}
      {counts.data ? (
        <dl className="rd-dictionary__counts">
          <div>
            <dt>Known</dt>
            <dd>{counts.data.known}</dd>
          </div>
          <div>
            <dt>Uncertain</dt>
            <dd>{counts.data.uncertain}</dd>
          </div>
          <div>
            <dt>Level hint</dt>
            <dd>{counts.data.levelHint}</dd>
          </div>
        </dl>
      ) : null}
      <section className="rd-dictionary__import" aria-labelledby="rd-import-words">
        <h2 id="rd-import-words" className="rd-dictionary__title">
          Import words from a CSV file
        </h2>
        <p className="rd-dictionary__note">
          A LingQ or LUTE vocabulary export, a Verba flashcard export, or any list with a “term” or “word” column (and a “status” column: known, learning, or LingQ’s and LUTE’s numbers). You see what changes before anything is saved; nothing is removed.
        </p>
        {failure ? (
          <p className="rd-dictionary__error" role="alert">
            {failure}
          </p>
        ) : null}
        <label className="vk-field">
          <span className="vk-field__label">Word list (.csv or .tsv)</span>
          <input className="vk-input" type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" disabled={reading || sent !== null} onChange={(e) => void choose(e)} />
        </label>
        {reading ? <Spinner label="Reading the file…" /> : null}
        {preview ? <ImportPreview preview={preview} busy={sent !== null} onConfirm={() => void confirm(preview)} onCancel={() => setPreview(null)} /> : null}
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
