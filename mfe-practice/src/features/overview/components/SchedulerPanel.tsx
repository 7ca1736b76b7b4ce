import { useState } from 'react';
import { Button, QueryErrorNotice, Spinner, toast } from '@verba/kit';
import { DESIRED_RETENTION, FIT_EVERY_REVIEWS, FIT_MIN_REVIEWS, type LearningLanguage, type SchedulerFit } from '@verba/contracts';
import { useFitScheduler, useForecast, useScheduler, useSetDesiredRetention } from '../api/scheduler';
import { ForecastChart } from './ForecastChart';

const percent = (r: number) => `${Math.round(r * 100)}%`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** What the last fit found, in words: which parameters predicted the learner's held-out reviews better. */
function FitResult({ fit }: { fit: SchedulerFit }) {
  const losses = `log loss ${fit.logLoss.toFixed(3)} against ${fit.defaultLogLoss.toFixed(3)} for the defaults; lower is better`;
  return (
    <p className="pr-scheduler__fit" role="status">
      Fitted to your {fit.reviews.toLocaleString('en')} reviews on {day(fit.at)}.{' '}
      {fit.adopted
        ? `It predicts the reviews it did not learn from better than the default parameters (${losses}), so your reviews are scheduled with it.`
        : `It did not predict the reviews it did not learn from better than the default parameters (${losses}), so the defaults stay.`}
    </p>
  );
}

/**
 * The practice portal's scheduler (issue 39.4): the desired retention with the daily reviews it would bring over
 * the next 30 days, and FSRS fitted to the learner's own reviews (on demand, and by itself every 500 reviews).
 */
export function SchedulerPanel({ languageCode }: { languageCode: LearningLanguage }) {
  const scheduler = useScheduler();
  const saved = scheduler.data?.desiredRetention ?? DESIRED_RETENTION.default;
  // The slider's value until it is used or put back; the saved one otherwise.
  const [chosen, setChosen] = useState<number | null>(null);
  const retention = chosen ?? saved;
  const forecast = useForecast(languageCode, retention);
  const save = useSetDesiredRetention();
  const fit = useFitScheduler();
  const data = scheduler.data;
  const runFit = () =>
    fit.mutate(
      { body: {} },
      { onError: (error) => toast({ title: 'The scheduler could not be fitted.', description: error.message, variant: 'destructive' }) },
    );
  return (
    <section className="pr-scheduler" aria-labelledby="pr-scheduler-title">
      <h2 id="pr-scheduler-title" className="pr-statistics__title">
        Your scheduler
      </h2>
      {scheduler.isPending ? <Spinner label="Loading your scheduler…" /> : null}
      <QueryErrorNotice query={scheduler} title="Your scheduler could not be loaded." />
      {data ? (
        <>
          <div className="pr-scheduler__retention">
            <label htmlFor="pr-retention">
              Desired retention: <strong>{percent(retention)}</strong>
            </label>
            <input
              id="pr-retention"
              type="range"
              min={Math.round(DESIRED_RETENTION.min * 100)}
              max={Math.round(DESIRED_RETENTION.max * 100)}
              step={1}
              value={Math.round(retention * 100)}
              aria-valuetext={percent(retention)}
              onChange={(e) => setChosen(Number(e.target.value) / 100)}
            />
            <p className="pr-muted">
              The chance of remembering a word that each review is timed for. Higher means more reviews; lower means more forgetting.
            </p>
            {retention !== saved ? (
              <div className="pr-scheduler__actions">
                <Button
                  size="sm"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ body: { desiredRetention: retention } }, { onSuccess: () => setChosen(null) })}
                >
                  Use {percent(retention)}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setChosen(null)}>
                  Keep {percent(saved)}
                </Button>
              </div>
            ) : null}
          </div>
          <QueryErrorNotice query={forecast} title="The forecast could not be loaded." />
          {forecast.data ? <ForecastChart days={forecast.data.days} retention={forecast.data.desiredRetention} /> : null}
          {data.fit ? <FitResult fit={data.fit} /> : null}
          <p className="pr-muted">
            {data.reviews < FIT_MIN_REVIEWS
              ? `Verba fits the scheduler to your own memory once you have made ${FIT_MIN_REVIEWS} reviews (you have ${data.reviews}), and again every ${FIT_EVERY_REVIEWS} reviews after that.`
              : `Fitted again by itself at ${data.nextFitAt.toLocaleString('en')} reviews (you have ${data.reviews.toLocaleString('en')}).`}
          </p>
          <div className="pr-scheduler__actions">
            <Button size="sm" variant="secondary" disabled={data.reviews < FIT_MIN_REVIEWS || fit.isPending} onClick={runFit}>
              Fit to my reviews now
            </Button>
            {fit.isPending ? <Spinner label="Fitting to your reviews… (a few seconds)" /> : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
