import { nextLevelHint, type Level } from '@verba/contracts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Spec §4: Known and Uncertain words are counted; the total gives the level, and the next threshold is named. */
export function LevelHint({ known, uncertain, level }: { known: number; uncertain: number; level: Level }) {
  const total = known + uncertain;
  const next = nextLevelHint(total);
  return (
    <section className="rd-level" aria-labelledby="rd-level-title">
      <dl className="rd-dictionary__counts">
        <div>
          <dt>Known</dt>
          <dd>{known.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Uncertain</dt>
          <dd>{uncertain.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt id="rd-level-title">Level hint</dt>
          <dd>{level}</dd>
        </div>
      </dl>
      <p className="rd-dictionary__note" role="status">
        {plural(total, 'word', 'words')} counted (Known and Uncertain).{' '}
        {next
          ? `${plural(next.missing, 'more word', 'more words')} for ${next.level} (${next.threshold.toLocaleString('en')} words).`
          : 'That is the highest level hint, C2.'}
      </p>
    </section>
  );
}
