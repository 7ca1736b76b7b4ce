import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { ARTICLE_CATEGORIES, DIFFICULTY_LABELS, LEVELS } from '@verba/contracts';
import { ARTICLE_SORTS, type Series } from '@verba/contracts/http';
import type { ArticleFilters } from '../api/articles';

const SORT_NAMES: Record<(typeof ARTICLE_SORTS)[number], string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  name: 'Title',
  rating: 'Rating',
  difficulty: 'Difficulty',
};
const SEARCH_DELAY_MS = 300;

interface Props {
  filters: ArticleFilters;
  series: readonly Series[];
  /**
   * What changed, to merge into the filters as they are when it lands (the search lands after a pause, and
   * must not bring back the filters it saw when typing started). Any change starts again at page 1.
   */
  onChange: (patch: ArticleFilters) => void;
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="rd-filter">
      <span className="rd-filter__label">{label}</span>
      <select className="vk-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

const options = (values: readonly string[]) =>
  values.map((v) => (
    <option key={v} value={v}>
      {v}
    </option>
  ));

export function LibraryFilters({ filters, series, onChange }: Props) {
  const set = (patch: ArticleFilters) => onChange({ ...patch, page: 1 });
  const [search, setSearch] = useState(filters.search ?? '');
  // The search runs once typing pauses, not on every key, against the filters as they are then.
  const searchFor = useEffectEvent((term: string | undefined) => {
    if (term !== filters.search) set({ search: term });
  });
  useEffect(() => {
    const timer = setTimeout(() => searchFor(search.trim() || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const premium = filters.premium === undefined ? '' : String(filters.premium);
  return (
    <form className="rd-filters" role="search" aria-label="Filter articles" onSubmit={(e) => e.preventDefault()}>
      <label className="rd-filter rd-filter--search">
        <span className="rd-filter__label">Search by title</span>
        <input className="vk-input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <Select
        label="Category"
        value={filters.category ?? ''}
        onChange={(v) => set({ category: (v || undefined) as ArticleFilters['category'] })}
      >
        <option value="">All categories</option>
        {options(ARTICLE_CATEGORIES)}
      </Select>
      <Select label="Level" value={filters.level ?? ''} onChange={(v) => set({ level: (v || undefined) as ArticleFilters['level'] })}>
        <option value="">All levels</option>
        {options(LEVELS)}
      </Select>
      <Select
        label="Difficulty"
        value={filters.difficulty ?? ''}
        onChange={(v) => set({ difficulty: (v || undefined) as ArticleFilters['difficulty'] })}
      >
        <option value="">Any difficulty</option>
        {options(DIFFICULTY_LABELS)}
      </Select>
      <Select label="Series" value={filters.seriesId ?? ''} onChange={(v) => set({ seriesId: v || undefined })}>
        <option value="">All series</option>
        {series.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </Select>
      <Select label="Premium" value={premium} onChange={(v) => set({ premium: v === '' ? undefined : (v as 'true' | 'false') })}>
        <option value="">All articles</option>
        <option value="true">Master only</option>
        <option value="false">Free</option>
      </Select>
      <Select label="Show" value={filters.scope ?? 'all'} onChange={(v) => set({ scope: v as ArticleFilters['scope'] })}>
        <option value="all">Public and mine</option>
        <option value="public">Public library</option>
        <option value="mine">My articles</option>
      </Select>
      <Select label="Sort by" value={filters.sort ?? 'newest'} onChange={(v) => set({ sort: v as ArticleFilters['sort'] })}>
        {ARTICLE_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_NAMES[s]}
          </option>
        ))}
      </Select>
    </form>
  );
}
