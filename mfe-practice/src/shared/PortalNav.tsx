import { Link, usePathname } from '@verba/kit';
import { PRACTICE_PATHS, pageAt, type PracticePage } from '../paths';

const ITEMS: ReadonlyArray<[PracticePage, string]> = [
  ['overview', 'Overview'],
  ['flashcards', 'Flashcards'],
  ['review', 'Review'],
  ['matchWords', 'Match words'],
  ['quickQuiz', 'Quick quiz'],
];

/** The portal's own navigation; the current page is marked for assistive technology too. */
export function PortalNav() {
  const page = pageAt(usePathname());
  const current = page === 'practiceMatchWords' ? 'matchWords' : page;
  return (
    <nav className="pr-nav" aria-label="Practice">
      {ITEMS.map(([item, label]) => (
        <Link key={item} href={PRACTICE_PATHS[item]} className="pr-nav__link" aria-current={item === current ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
