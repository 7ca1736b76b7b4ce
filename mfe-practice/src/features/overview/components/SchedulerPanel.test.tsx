// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAll } from '../../../test/cleanup';
import { json, mockApi, renderSignedIn } from '../../../test/practice-api';
import { SchedulerPanel } from './SchedulerPanel';

afterEach(resetAll);

const scheduler = (over: Record<string, unknown> = {}) => ({
  desiredRetention: 0.9,
  parameters: null,
  fit: null,
  reviews: 120,
  nextFitAt: 400,
  ...over,
});
const forecast = (r: number) => ({ desiredRetention: r, days: Array.from({ length: 30 }, (_, i) => (i % 3) + Math.round(r * 10)) });

describe('the practice portal scheduler', () => {
  it('forecasts the reviews of a retention before it is used, and saves it', async () => {
    const api = mockApi({
      'GET /api/flashcards/scheduler': () => json(scheduler()),
      'GET /api/flashcards/scheduler/forecast': (c) => json(forecast(Number(c.query.get('desiredRetention')))),
      'PUT /api/flashcards/scheduler': () => json({ position: '9.1' }),
    });
    renderSignedIn(<SchedulerPanel languageCode="de" />);
    await screen.findByText(/At 90%: \d+ reviews over the next 30 days/);
    fireEvent.change(screen.getByLabelText(/Desired retention/), { target: { value: '85' } });
    await screen.findByText(/At 85%: \d+ reviews over the next 30 days/);
    expect(api.to('GET /api/flashcards/scheduler/forecast').at(-1)?.query.get('languageCode')).toBe('de');
    fireEvent.click(screen.getByRole('button', { name: 'Use 85%' }));
    await waitFor(() => expect(api.to('PUT /api/flashcards/scheduler')[0]?.body).toMatchObject({ desiredRetention: 0.85 }));
    // Fitting waits for 400 reviews, and says so.
    expect(screen.getByText(/once you have made 400 reviews \(you have 120\)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Fit to my reviews now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('fits on demand and says which parameters predicted better', async () => {
    let fitted = false;
    const fit = { at: '2026-12-06T10:00:00.000Z', reviews: 512, logLoss: 0.312, defaultLogLoss: 0.356, adopted: true };
    const api = mockApi({
      'GET /api/flashcards/scheduler': () =>
        json(scheduler(fitted ? { reviews: 512, fit, parameters: new Array(21).fill(1), nextFitAt: 1012 } : { reviews: 512 })),
      'GET /api/flashcards/scheduler/forecast': () => json(forecast(0.9)),
      'POST /api/flashcards/scheduler/fit': () => ((fitted = true), json({ fit, position: '10.1' })),
    });
    renderSignedIn(<SchedulerPanel languageCode="de" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fit to my reviews now' }));
    const result = await screen.findByText(/Fitted to your 512 reviews/);
    expect(result.textContent).toContain(
      'predicts the reviews it did not learn from better than the default parameters (log loss 0.312 against 0.356',
    );
    expect(result.textContent).toContain('so your reviews are scheduled with it.');
    expect(api.to('POST /api/flashcards/scheduler/fit')).toHaveLength(1);
    expect(screen.getByText(/Fitted again by itself at 1,012 reviews/)).toBeTruthy();
  });
});
