import { Button } from './Button';

/**
 * Previous / "Page n of m" / Next under a list paged on the server; nothing when everything fits one page.
 * `label` names the navigation for screen readers when a page has more than one list.
 */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  label = 'Pages',
  className,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  label?: string;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={className ? `vk-pager ${className}` : 'vk-pager'}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
