import type { CardFilter, OriginFilter, StatusFilter } from '../filter';

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

function Choice<T extends string>({ label, options, value, onChange }: { label: string; options: ReadonlyArray<[T, string]>; value: T; onChange: (value: T) => void }) {
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

/** Search and the two filters; every change applies at once. */
export function CardFilters({ filter, onChange }: { filter: CardFilter; onChange: (filter: CardFilter) => void }) {
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
    </div>
  );
}
