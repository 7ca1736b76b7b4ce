import { Link } from '@verba/kit';
import { PATHS } from '../routing/paths';

const COLUMNS = [
  {
    title: 'Languages',
    links: [
      ['Learn German', '/learn-german'],
      ['Learn French', '/learn-french'],
      ['Learn Spanish', '/learn-spanish'],
      ['Learn Russian', '/learn-russian'],
    ],
  },
  {
    title: 'Help',
    links: [
      ['Pricing', PATHS.pricing],
      ['Blog', PATHS.blog],
      ['FAQ', PATHS.faq],
      ['Support', PATHS.support],
      ['Contact us', PATHS.contactUs],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Terms and conditions', PATHS.terms],
      ['Privacy policy', PATHS.privacy],
      ['Cookie policy', PATHS.cookies],
    ],
  },
] as const;

export function PublicFooter() {
  return (
    <footer className="pb-footer">
      <div className="pb-footer__brand">
        <strong>Verba</strong>
        <p>Read your way into German, French, Spanish and Russian.</p>
      </div>
      {COLUMNS.map((column) => (
        <nav key={column.title} aria-label={column.title} className="pb-footer__column">
          <h2>{column.title}</h2>
          <ul>
            {column.links.map(([label, href]) => (
              <li key={href}>
                <Link href={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </footer>
  );
}
