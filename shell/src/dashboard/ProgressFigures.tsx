import { LEVEL_NAMES, formatHours, type DashboardFigures } from '@verba/contracts';
import { WordsChart } from './WordsChart';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The learner's own figures on the dashboard: word families known beside the forms known (a learner who
 * knows "gehen" and marks "ging" knows one family, two forms), the level hint (by families, issue 38.2),
 * streak, time spent, words per day.
 */
export function ProgressFigures({ figures }: { figures: DashboardFigures }) {
  const counted = figures.familiesKnown + figures.familiesUncertain;
  return (
    <section className="sh-progress" aria-labelledby="sh-progress-title">
      <h2 id="sh-progress-title" className="sh-widget__title">
        Your progress
      </h2>
      <dl className="sh-progress__figures">
        <div className="sh-progress__figure">
          <dt>Families known</dt>
          <dd>{figures.familiesKnown.toLocaleString('en')}</dd>
          <dd className="sh-progress__note">
            {figures.familiesUncertain
              ? plural(figures.familiesUncertain, 'uncertain family', 'uncertain families')
              : 'A word and its forms count once'}
          </dd>
        </div>
        <div className="sh-progress__figure">
          <dt>Words known</dt>
          <dd>{figures.wordsKnown.toLocaleString('en')}</dd>
          {figures.wordsUncertain ? (
            <dd className="sh-progress__note">{plural(figures.wordsUncertain, 'uncertain word', 'uncertain words')}</dd>
          ) : null}
        </div>
        <div className="sh-progress__figure">
          <dt>Level hint</dt>
          <dd>
            {figures.levelHint} · {LEVEL_NAMES[figures.levelHint]}
          </dd>
          <dd className="sh-progress__note">
            {figures.nextLevelAt === null
              ? `${counted.toLocaleString('en')} word families counted: the highest level`
              : `${counted.toLocaleString('en')} of ${figures.nextLevelAt.toLocaleString('en')} word families for the next level`}
          </dd>
        </div>
        <div className="sh-progress__figure">
          <dt>Streak</dt>
          <dd>{plural(figures.streak, 'day', 'days')}</dd>
          <dd className="sh-progress__note">
            {figures.activeToday ? 'Active today' : figures.streak ? 'Keep it going today' : 'Read, mark or practise to start one'}
          </dd>
        </div>
        <div className="sh-progress__figure">
          <dt>Time spent</dt>
          <dd>{formatHours(figures.timeSpent)} hours</dd>
        </div>
      </dl>
      <WordsChart days={figures.days} />
    </section>
  );
}
