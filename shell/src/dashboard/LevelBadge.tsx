import { LEVEL_NAMES, type Level } from '@verba/contracts';
import { badgeLevel } from './badge-level';

/** The dashboard header's badge: the learner's level in the language, in words too (see badgeLevel). */
export function LevelBadge({ chosen, hint }: { chosen: unknown; hint: Level }) {
  const level = badgeLevel(chosen, hint);
  return (
    <div className="sh-level-badge">
      <span className="sh-level-badge__label">Level</span>
      <span className="sh-level-badge__code">{level}</span>
      <span className="sh-level-badge__name">{LEVEL_NAMES[level]}</span>
    </div>
  );
}
