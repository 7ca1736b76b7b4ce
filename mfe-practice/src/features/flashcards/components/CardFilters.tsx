import type { z } from 'zod';
import type { OriginStatusSchema } from '@verba/contracts/http';
import type { CardFilter, OriginFilter, StatusFilter } from '../filter';

export type OriginStatus = z.output<typeof OriginStatusSchema>;

const STATUS: ReadonlyArray<[StatusFilter, string]> = [
  ['all', 'All'],
  ['uncertain', 'Uncertain'],
  ['known', 'Known'],
];
const ORIGIN: ReadonlyArray<[OriginFilter, string]> = [
  ['all', 'All'],
  ['article', 'From articles'],
  ['chapter', 'From chapters'],
  ['manual', 'Added by hand'],
];

function Choice<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<[T, string]>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <label className="pr-filter">
      <span className="pr-filter__label">{label}</span>
      <select className="vk-input" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

const KIND = { article: 'article', chapter: 'chapter' } as const;
const cardCount = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

/**
 * "From": each article and chapter the learner made cards from, with its counts (flashcards-origin-status).
 * An id named by the address but not (yet) in the list stays choosable, so the filter never silently drops.
 */
function sourceOptions(origins: readonly OriginStatus[], selected: string): Array<[string, string]> {
  const options: Array<[string, string]> = origins
    .filter((o): o is OriginStatus & { originId: string; origin: 'article' | 'chapter' } => o.origin !== null && o.originId !== null)
    .map((o) => [
      o.originId,
      `${o.originName ?? `Untitled ${KIND[o.origin]}`} (${KIND[o.origin]}) · ${cardCount(o.total)}, ${o.dueNow} due`,
    ]);
  if (selected && !options.some(([id]) => id === selected)) options.unshift([selected, 'The chosen article or chapter']);
  return [['', 'Any article or chapter'], ...options];
}

/** Search and the filters; every change applies at once. */
export function CardFilters({
  filter,
  origins,
  onChange,
}: {
  filter: CardFilter;
  origins: readonly OriginStatus[];
  onChange: (filter: CardFilter) => void;
}) {
  const sources = sourceOptions(origins, filter.source);
  return (
    <div className="pr-filters" role="search">
      <label className="pr-filter pr-filter--search">
        <span className="pr-filter__label">Search</span>
        <input
          type="search"
          className="vk-input"
          value={filter.search}
          placeholder="Word or translation"
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
        />
      </label>
      <Choice label="Status" options={STATUS} value={filter.status} onChange={(status) => onChange({ ...filter, status })} />
      <Choice label="Origin" options={ORIGIN} value={filter.origin} onChange={(origin) => onChange({ ...filter, origin })} />
      {sources.length > 1 ? (
        <Choice label="From" options={sources} value={filter.source} onChange={(source) => onChange({ ...filter, source })} />
      ) : null}
    </div>
  );
}
