import { difficultyText, MARKS_FOR_PERSONAL_LABELS, type DifficultyLabel } from '@verba/contracts';

/**
 * The article's difficulty for this reader; the modifier class colours it from easy to hard. An estimate
 * (from the reader's level, until they have marked enough words) says so, in words and with a dashed edge.
 */
export function DifficultyBadge({ label, estimated = false }: { label: DifficultyLabel; estimated?: boolean }) {
  const modifier = label.toLowerCase().replace(/\s+/g, '-');
  return (
    <span
      className={`rd-difficulty rd-difficulty--${modifier}${estimated ? ' rd-difficulty--estimated' : ''}`}
      title={estimated ? `Estimated from your level until you have marked ${MARKS_FOR_PERSONAL_LABELS} words` : undefined}
    >
      {difficultyText(label, estimated)}
    </span>
  );
}
