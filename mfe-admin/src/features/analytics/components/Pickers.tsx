import { useId, useState } from 'react';
import { LANGUAGE_NAMES, LEARNING_LANGUAGES, analyticsRangeProblem, type LearningLanguage } from '@verba/contracts';
import type { Range } from '../api/analytics-api';

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10);

/** The last 30 days, ending today (UTC). */
export const defaultRange = (): Range => ({ from: daysBefore(today(), 29), to: today() });

/**
 * From and to dates. A range the server would refuse (start after end, over three years) is said in place,
 * with the server's words, and not asked for: the page keeps showing the last good range.
 */
export function RangePicker({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  const [draft, setDraft] = useState(range);
  const problem = analyticsRangeProblem(draft.from, draft.to);
  const errorId = useId();
  const edit = (next: Range) => {
    setDraft(next);
    if (!analyticsRangeProblem(next.from, next.to)) onChange(next);
  };
  const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <fieldset className="an-pickers__range">
      <legend>Date range</legend>
      <label>
        From{' '}
        <input
          type="date"
          value={draft.from}
          max={draft.to}
          {...invalid}
          onChange={(e) => e.target.value && edit({ ...draft, from: e.target.value })}
        />
      </label>
      <label>
        To{' '}
        <input
          type="date"
          value={draft.to}
          min={draft.from}
          {...invalid}
          onChange={(e) => e.target.value && edit({ ...draft, to: e.target.value })}
        />
      </label>
      {problem ? (
        <p id={errorId} className="an-pickers__error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

export function LanguagePicker({ value, onChange }: { value: LearningLanguage | ''; onChange: (l: LearningLanguage | '') => void }) {
  return (
    <label className="an-pickers__language">
      Language{' '}
      <select value={value} onChange={(e) => onChange(e.target.value as LearningLanguage | '')}>
        <option value="">All languages</option>
        {LEARNING_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Seconds as hours to one decimal (spec §9). */
export const hours = (seconds: number) => (seconds / 3600).toFixed(1);
