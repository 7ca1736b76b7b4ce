import type { ReactNode } from 'react';
import { Button, Link } from '@verba/kit';
import { PRACTICE_PATHS } from '../paths';

/** The end of a game or session: go again, or back to the portal. */
export function ResultActions({
  again,
  onAgain,
  disabled = false,
  children,
}: {
  again: string;
  onAgain: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="pr-result__actions">
      <Button onClick={onAgain} disabled={disabled}>
        {again}
      </Button>
      {children}
      <Link href={PRACTICE_PATHS.overview} className="vk-btn vk-btn--secondary vk-btn--md">
        Back to practice
      </Link>
    </div>
  );
}
