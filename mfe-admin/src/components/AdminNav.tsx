import { Link } from '@verba/kit';
import { ADMIN_PATHS } from '../routing/admin-paths';

const ITEMS = [
  { href: ADMIN_PATHS.home, label: 'Overview' },
  { href: ADMIN_PATHS.courses, label: 'Courses' },
  { href: ADMIN_PATHS.approveArticles, label: 'Approve articles' },
];

/** The admin area's own navigation, beside every admin page. */
export function AdminNav({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Admin" className="ad-nav">
      {ITEMS.map((item) => {
        const active = item.href === ADMIN_PATHS.home ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link key={item.href} href={item.href} className="ad-nav__link" aria-current={active ? 'page' : undefined}>
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
