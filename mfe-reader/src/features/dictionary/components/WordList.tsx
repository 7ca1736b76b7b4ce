import { useId, useMemo, useState } from 'react';
import { Button, QueryErrorNotice, Spinner, toast } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import type { WordStatus } from '@verba/contracts/http';
import { wordListCsv } from '@verba/contracts/word-lists';
import { markWords, setWordStatus, useWords } from '../api/my-words';

/** Rows shown at once; a search narrows a long dictionary down. */
export const SHOWN_WORDS = 200;
const STATUS_NAMES: Record<WordStatus, string> = { known: 'Known', uncertain: 'Uncertain', ignored: 'Ignored', new: 'New' };
type Filter = 'all' | 'known' | 'uncertain' | 'ignored';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The learner's words: search, filter by status, change one word's status, or mark the selected ones at once. */
export function WordList({ languageCode, languageLabel }: { languageCode: LearningLanguage; languageLabel: string }) {
  const id = useId();
  const words = useWords(languageCode);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const matching = useMemo(() => {
    const query = search.trim().toLocaleLowerCase();
    return (words.data?.words ?? [])
      .filter((w) => (filter === 'all' || w.status === filter) && (query === '' || w.value.includes(query)))
      .sort((a, b) => a.value.localeCompare(b.value, languageCode));
  }, [words.data, search, filter, languageCode]);
  const shown = matching.slice(0, SHOWN_WORDS);
  // The whole dictionary, Ignored words too, as a word list the import (here, LUTE's or any) reads back.
  const download = useMemo(
    () => (words.data?.words.length ? `data:text/csv;charset=utf-8,${encodeURIComponent(wordListCsv(words.data.words))}` : null),
    [words.data],
  );
  // Only words still listed stay selected (a filter or a removal hides the others).
  const chosen = shown.filter((w) => selected.has(w.value)).map((w) => w.value);
  const allChosen = shown.length > 0 && chosen.length === shown.length;

  const toggle = (value: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    setSelected(next);
  };

  const change = (value: string, status: WordStatus) => {
    setWordStatus(languageCode, value, status).catch((error: Error) =>
      toast({ title: `“${value}” could not be changed.`, description: error.message, variant: 'destructive' }),
    );
  };

  const markChosen = async (status: WordStatus) => {
    setBusy(true);
    try {
      await markWords(languageCode, chosen, status);
      toast({ title: `${plural(chosen.length, 'word', 'words')} marked ${STATUS_NAMES[status]}` });
      setSelected(new Set());
    } catch (error) {
      toast({ title: 'The words could not be marked.', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="rd-dictionary__import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rd-dictionary__title">
        Your {languageLabel} words
      </h2>
      <div className="rd-words__filters">
        {/* Labels beside (not around) their controls: a wrapped select would add its value to the name. */}
        <div className="vk-field">
          <label htmlFor={`${id}-search`} className="vk-field__label">
            Search
          </label>
          <input id={`${id}-search`} className="vk-input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="vk-field">
          <label htmlFor={`${id}-status`} className="vk-field__label">
            Status
          </label>
          <select id={`${id}-status`} className="vk-input" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            <option value="all">All</option>
            <option value="known">Known</option>
            <option value="uncertain">Uncertain</option>
            <option value="ignored">Ignored</option>
          </select>
        </div>
      </div>
      {words.isPending ? <Spinner label="Loading your words…" /> : null}
      <QueryErrorNotice query={words} title="Your words could not be loaded." />
      {words.data ? (
        <>
          <div className="rd-words__bulk" role="group" aria-label="Mark the selected words">
            <span aria-live="polite">{plural(chosen.length, 'word', 'words')} selected</span>
            {(['known', 'uncertain', 'ignored', 'new'] as const).map((status) => (
              <Button
                key={status}
                size="sm"
                variant="secondary"
                disabled={busy || chosen.length === 0}
                onClick={() => void markChosen(status)}
              >
                Mark {STATUS_NAMES[status]}
              </Button>
            ))}
          </div>
          {download ? (
            <p className="rd-dictionary__note">
              <a href={download} download={`verba-words-${languageCode}.csv`}>
                Download all your {languageLabel} words (CSV)
              </a>
            </p>
          ) : null}
          <p className="rd-dictionary__note" aria-live="polite">
            {matching.length > shown.length
              ? `Showing ${shown.length.toLocaleString('en')} of ${plural(matching.length, 'word', 'words')}: search to narrow them down.`
              : plural(matching.length, 'word', 'words')}
          </p>
          {shown.length === 0 ? (
            <p className="rd-dictionary__note">
              {words.data.words.length === 0 ? 'No words yet: mark words while you read, or add a list.' : 'No word matches.'}
            </p>
          ) : (
            <div className="rd-table-wrap">
              <table className="rd-table rd-words">
                <thead>
                  <tr>
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label="Select all shown words"
                        checked={allChosen}
                        onChange={(e) => setSelected(e.target.checked ? new Set(shown.map((w) => w.value)) : new Set())}
                      />
                    </th>
                    <th scope="col">Word</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((w) => (
                    <tr key={w.value}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${w.value}`}
                          checked={selected.has(w.value)}
                          onChange={(e) => toggle(w.value, e.target.checked)}
                        />
                      </td>
                      <td lang={languageCode}>{w.value}</td>
                      <td>
                        <select
                          className="vk-input rd-words__status"
                          aria-label={`Status of ${w.value}`}
                          value={w.status}
                          onChange={(e) => change(w.value, e.target.value as WordStatus)}
                        >
                          <option value="known">Known</option>
                          <option value="uncertain">Uncertain</option>
                          <option value="ignored">Ignored</option>
                          <option value="new">New (remove)</option>
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
