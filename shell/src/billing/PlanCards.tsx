import { useState } from 'react';
import { Button, navigate, toast, useSession } from '@verba/kit';
import { KitProviders, keepPrevious, useRouteQuery } from '@verba/kit/query';
import { getPrices } from '@verba/contracts/http';
import {
  CURRENCIES,
  PLAN_NAMES,
  PRICE_GROUPS,
  formatPrice,
  perMonthMinor,
  savingsPercent,
  type Currency,
  type PriceGroup,
} from '@verba/contracts';
import { PATHS } from '../routing/paths';
import { checkout } from './billing-api';
import './billing.css';

const BILLED: Record<PriceGroup, string> = {
  monthly: 'billed every month',
  annual: 'billed every year',
  biannual: 'billed every two years',
};
const CURRENCY_NAMES: Record<Currency, string> = {
  usd: 'US dollars ($)',
  eur: 'Euros (€)',
  gbp: 'British pounds (£)',
  aud: 'Australian dollars (A$)',
};

/**
 * Master's three plans in the visitor's currency (chosen by the server from their country, switchable here),
 * each with its per-month figure and the saving against paying monthly. Without JavaScript (the prerendered
 * page) the plans show without figures.
 */
export function PlanCards() {
  return (
    <KitProviders>
      <Plans />
    </KitProviders>
  );
}

function Plans() {
  const { user } = useSession();
  const [currency, setCurrency] = useState<Currency | undefined>();
  // Without a currency the server chooses one for the visitor's country; the last list stays while another loads.
  const prices = useRouteQuery(
    getPrices,
    { query: currency ? { currency } : {}, expireOn401: false },
    { placeholderData: keepPrevious, retry: false },
  );
  const list = prices.data ?? null;
  const error = prices.isError && !prices.isFetching ? prices.error.message : null;
  const [busy, setBusy] = useState<PriceGroup | null>(null);

  const choose = async (plan: PriceGroup) => {
    if (!user) return navigate(PATHS.signUp);
    if (!list) return;
    setBusy(plan);
    try {
      await checkout(plan, list.currency);
    } catch (e) {
      setBusy(null);
      toast({ title: (e as Error).message, variant: 'destructive' });
    }
  };

  const monthly = list?.prices.monthly.unit_amount;
  return (
    <div className="bl-plans">
      <label className="bl-currency">
        Currency{' '}
        <select value={list?.currency ?? ''} onChange={(e) => setCurrency(e.target.value as Currency)} disabled={!list}>
          {!list ? <option value="">…</option> : null}
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {CURRENCY_NAMES[c]}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className="sh-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="bl-plans__list">
        {PRICE_GROUPS.map((plan) => {
          const price = list?.prices[plan];
          const saving = price && monthly !== undefined && plan !== 'monthly' ? savingsPercent(monthly, price.unit_amount, plan) : 0;
          return (
            <li key={plan} className={`bl-plan${plan === 'annual' ? ' bl-plan--popular' : ''}`} aria-label={`${PLAN_NAMES[plan]} plan`}>
              <h3>{PLAN_NAMES[plan]}</h3>
              {plan === 'annual' ? <span className="bl-plan__flag">Most popular</span> : null}
              <p className="bl-plan__price">
                {price ? formatPrice(perMonthMinor(price.unit_amount, plan), price.currency) : '—'}
                <span> / month</span>
              </p>
              <p className="bl-plan__billed">
                {price ? `${formatPrice(price.unit_amount, price.currency)} ${BILLED[plan]}` : BILLED[plan]}
              </p>
              <p className="bl-plan__saving">{saving > 0 ? `Save ${saving}%` : '\u00a0'}</p>
              <Button
                onClick={() => void choose(plan)}
                disabled={busy !== null || (!!user && !list)}
                variant={plan === 'annual' ? 'primary' : 'secondary'}
              >
                {busy === plan ? 'Opening checkout…' : `Choose ${PLAN_NAMES[plan].toLowerCase()}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
