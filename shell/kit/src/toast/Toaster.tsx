import { useSyncExternalStore } from 'react';
import { dismissToast, toastStore } from './toast-store';

/** Rendered once, by the shell. Fragments call `toast()`; the singleton kit routes it here. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  return (
    <ol className="vk-toasts" aria-label="Notifications">
      {toasts.map((t) => (
        // The live region is inside the item: a list item may not take another role (axe "list" rule).
        <li key={t.id} className={`vk-toast vk-toast--${t.variant}`}>
          <div role={t.variant === 'destructive' ? 'alert' : 'status'}>
            <p className="vk-toast__title">{t.title}</p>
            {t.description ? <p className="vk-toast__description">{t.description}</p> : null}
          </div>
          <button type="button" className="vk-toast__close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
