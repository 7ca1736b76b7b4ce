import { ErrorNotice, Spinner } from '@verba/kit';
import { useFragmentStatus } from '../federation/fragment-status';
import { fragmentElementId, retryFragment } from '../federation/fragments';
import type { FragmentName } from '../routing/paths';

const LABELS: Record<FragmentName, string> = {
  reader: 'The library',
  learn: 'Courses',
  practice: 'Practice',
  admin: 'Administration',
};

/**
 * The fragment's container is always in the DOM (hidden when inactive) so single-spa can mount into
 * it whenever its route becomes active, independent of React's render timing. Fragment render errors
 * are caught by the kit ErrorBoundary inside the fragment; load/mount failures are shown here.
 */
export function FragmentArea({ name, active }: { name: FragmentName; active: boolean }) {
  const status = useFragmentStatus(name);
  return (
    <div className="sh-fragment" hidden={!active}>
      {active && status.state === 'loading' ? <Spinner label={`Loading ${LABELS[name].toLowerCase()}…`} /> : null}
      {active && status.state === 'error' ? (
        <ErrorNotice
          title={`${LABELS[name]} could not be loaded.`}
          detail={`The rest of Verba still works. (${status.message})`}
          onRetry={() => retryFragment(name)}
        />
      ) : null}
      <div id={fragmentElementId(name)} data-fragment={name} data-version={status.state === 'mounted' ? status.version : undefined} />
    </div>
  );
}
