import type { DifficultyLabel } from '@verba/contracts';

/** The article's difficulty for this reader; the modifier class colours it from easy to hard. */
export function DifficultyBadge({ label }: { label: DifficultyLabel }) {
  const modifier = label.toLowerCase().replace(/\s+/g, '-');
  return <span className={`rd-difficulty rd-difficulty--${modifier}`}>{label}</span>;
}
