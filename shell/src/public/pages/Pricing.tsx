import { Link } from '@verba/kit';
import { PATHS } from '../../routing/paths';
import { PlanCards } from '../../billing/PlanCards';

const INCLUDED = [
  'Unlimited text to speech (Free: 50 calls a month)',
  'Premium articles and premium course chapters',
  'Publishing your own articles and series in the public library',
  'Everything in Free: the library, your dictionary, flashcards, courses and practice games',
];

/** /pricing: what Master adds and its three plans in the visitor's currency. */
export function Pricing() {
  return (
    <article className="pb-article">
      <p className="pb-eyebrow">Pricing</p>
      <h1>Verba Master</h1>
      <p className="pb-lead">
        Read, listen and learn without limits. Pay monthly, yearly or for two years; cancel at any time and keep Master until the period you
        paid for ends.
      </p>
      <ul className="bl-features">
        {INCLUDED.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <PlanCards />
      <p className="pb-note">
        Prices include VAT where it applies. Questions? See the <Link href={PATHS.faq}>FAQ</Link>.
      </p>
    </article>
  );
}
