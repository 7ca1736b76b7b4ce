import { useEffect, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ErrorBoundary, ErrorNotice, Spinner } from '@verba/kit';
import type { FragmentName } from '../routing/paths';

type Load = { state: 'loading' } | { state: 'ready'; Widget: ComponentType } | { state: 'error'; message: string };

/**
 * A small component a fragment exposes for the dashboard (e.g. `verba_learn/next-chapter-widget`):
 * its default export is rendered inside the shell's React tree (React is a shared singleton), within
 * an error boundary, so a broken or missing widget costs only its own card.
 */
export function RemoteWidget({ fragment, widget, label }: { fragment: FragmentName; widget: string; label: string }) {
  const [attempt, setAttempt] = useState(0);
  // What was loaded, for which widget and attempt: anything else is still loading.
  const key = `${fragment}/${widget}#${attempt}`;
  const [loaded, setLoaded] = useState<{ key: string; load: Load } | null>(null);
  const load: Load = loaded?.key === key ? loaded.load : { state: 'loading' };
  useEffect(() => {
    let live = true;
    const setLoad = (next: Load) => setLoaded({ key: `${fragment}/${widget}#${attempt}`, load: next });
    loadRemote<{ default?: ComponentType }>(`verba_${fragment}/${widget}`).then(
      (module) => {
        if (!live) return;
        if (module?.default) setLoad({ state: 'ready', Widget: module.default });
        else setLoad({ state: 'error', message: `${fragment} does not offer "${widget}".` });
      },
      (error: unknown) =>
        live && setLoad({ state: 'error', message: error instanceof Error ? error.message.split('\n')[0]! : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [fragment, widget, attempt]);

  return (
    <section className="sh-widget" aria-label={label}>
      {load.state === 'loading' ? <Spinner label={`Loading ${label.toLowerCase()}…`} /> : null}
      {load.state === 'error' ? (
        <ErrorNotice title={`${label} could not be loaded.`} detail={load.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {load.state === 'ready' ? (
        <ErrorBoundary label={label.toLowerCase()} onRetry={() => setAttempt((n) => n + 1)}>
          <load.Widget />
        </ErrorBoundary>
      ) : null}
    </section>
  );
}
