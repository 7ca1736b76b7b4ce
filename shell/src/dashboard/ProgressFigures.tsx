import { Link } from '@verba/kit';
import { LEVEL_NAMES, formatHours, goalAmountOf, type DashboardFigures } from '@verba/contracts';
import { WordsChart } from './WordsChart';
import { YearHeatmap } from './YearHeatmap';
import { goalProgressText } from './goal-figures';
import { PATHS } from '../routing/paths';

/** Where the learner sets their daily goal (the profile's Daily goal section). */
const GOAL_SETTINGS = PATHS.profile;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The learner's own figures on the dashboard: word families known beside the forms known (a learner who
 * knows "gehen" and marks "ging" knows one family, two forms), the level hint (by families, issue 38.2),
 * streak, time spent, words per day; the daily goal with today's progress, words read and the year's heatmap (issue 39.6).
 */
export function ProgressFigures({ figures }: { figures: DashboardFigures }) {
  const counted = figures.familiesKnown + figures.familiesUncertain;
  // The learner's today: the last of their days (the server counts them in their time zone).
  const today = figures.days.at(-1)?.day;
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
          <dt>Daily goal</dt>
          {figures.goal ? (
            <>
              <dd>{goalProgressText(figures.goal, figures.today)}</dd>
              <dd className="sh-progress__note">
                <progress
                  className="sh-progress__meter"
                  max={figures.goal.amount}
                  value={Math.min(figures.goal.amount, goalAmountOf(figures.goal.kind, figures.today))}
                  aria-label="Today's progress toward your daily goal"
                />
                {figures.goalMet ? 'Met today' : <Link href={GOAL_SETTINGS}>Change goal</Link>}
              </dd>
            </>
          ) : (
            <dd className="sh-progress__note">
              <Link href={GOAL_SETTINGS}>Set a daily goal</Link>: words marked, minutes read, reviews or pages read
            </dd>
          )}
        </div>
        <div className="sh-progress__figure">
          <dt>Streak</dt>
          <dd>{plural(figures.streak, 'day', 'days')}</dd>
          <dd className="sh-progress__note">{streakNote(figures)}</dd>
        </div>
        <div className="sh-progress__figure">
          <dt>Words read</dt>
          <dd>{figures.wordsRead.toLocaleString('en')}</dd>
        </div>
        <div className="sh-progress__figure">
          <dt>Time spent</dt>
          <dd>{formatHours(figures.timeSpent)} hours</dd>
        </div>
      </dl>
      <WordsChart days={figures.days} />
      {today ? <YearHeatmap figures={figures} today={today} /> : null}
    </section>
  );
}

/** With a goal, the streak counts the days it was met; without, the days with any activity. */
function streakNote(figures: DashboardFigures): string {
  if (figures.goal)
    return figures.goalMet ? 'Goal met today' : figures.streak ? 'Meet today’s goal to keep it going' : 'Meet your goal to start one';
  return figures.activeToday ? 'Active today' : figures.streak ? 'Keep it going today' : 'Read, mark or practise to start one';
}
