import { useSyncExternalStore } from 'react';
import { Button } from '../components/Button';
import { dismissToast, toastStore, type Toast } from './toast-store';

/**
 * Rendered once, by the shell. Fragments call `toast()`; the singleton kit routes it here.
 *
 * The lists are live regions that are always in the page, so a screen reader hears each toast added to
 * them (a live region that arrives together with its text is often not announced): destructive toasts
 * interrupt (assertive), the others wait their turn (polite). The live region is the list's attribute,
 * never its role, so the lists stay lists of items (axe's "list" rule), inside one "Notifications" region.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  const urgent = toasts.filter((t) => t.variant === 'destructive');
  const polite = toasts.filter((t) => t.variant !== 'destructive');
  return (
    <section className="vk-toasts" aria-label="Notifications">
      <ToastList toasts={urgent} live="assertive" />
      <ToastList toasts={polite} live="polite" />
    </section>
  );
}

function ToastList({ toasts, live }: { toasts: readonly Toast[]; live: 'assertive' | 'polite' }) {
  return (
    <ol className="vk-toasts__list" aria-live={live} aria-relevant="additions">
      {toasts.map((t) => (
        <li key={t.id} className={`vk-toast vk-toast--${t.variant}`}>
          <div>
            <p className="vk-toast__title">{t.title}</p>
            {t.description ? <p className="vk-toast__description">{t.description}</p> : null}
          </div>
          {t.action ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                dismissToast(t.id);
                t.action?.onClick();
              }}
            >
              {t.action.label}
            </Button>
          ) : null}
          <button type="button" className="vk-toast__close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
