import { LANGUAGE_NAMES, LEARNING_LANGUAGES, type LearningLanguage } from '@verba/contracts';
import type { Range } from '../api/analytics-api';

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10);

/** The last 30 days, ending today (UTC). */
export const defaultRange = (): Range => ({ from: daysBefore(today(), 29), to: today() });

export function RangePicker({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  return (
    <fieldset className="an-pickers__range">
      <legend>Date range</legend>
      <label>
        From <input type="date" value={range.from} max={range.to} onChange={(e) => e.target.value && onChange({ ...range, from: e.target.value })} />
      </label>
      <label>
        To <input type="date" value={range.to} min={range.from} onChange={(e) => e.target.value && onChange({ ...range, to: e.target.value })} />
      </label>
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
