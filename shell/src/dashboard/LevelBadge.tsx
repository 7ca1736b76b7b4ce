import { LEVEL_NAMES, type Level } from '@verba/contracts';

/** The dashboard header's badge: the learner's level hint from their dictionary (spec §4), in words too. */
export function LevelBadge({ level }: { level: Level }) {
  return (
    <div className="sh-level-badge">
      <span className="sh-level-badge__label">Level</span>
      <span className="sh-level-badge__code">{level}</span>
      <span className="sh-level-badge__name">{LEVEL_NAMES[level]}</span>
    </div>
  );
}
