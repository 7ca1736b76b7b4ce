import { Button, Link } from '@verba/kit';
import { PRACTICE_PATHS } from '../paths';

/** The end of a game or session: go again, or back to the portal. */
export function ResultActions({ again, onAgain, disabled = false }: { again: string; onAgain: () => void; disabled?: boolean }) {
  return (
    <div className="pr-result__actions">
      <Button onClick={onAgain} disabled={disabled}>
        {again}
      </Button>
      <Link href={PRACTICE_PATHS.overview} className="vk-btn vk-btn--secondary vk-btn--md">
        Back to practice
      </Link>
    </div>
  );
}
