import { sendCommand } from '@verba/kit';
import { updateSettings } from '@verba/contracts/http';

export type LibraryView = 'table' | 'cards';
const KEY = 'verba:library-view';

/** The choice made in this browser, if any (the user's account setting applies otherwise). */
export function storedView(): LibraryView | null {
  try {
    const view = window.localStorage.getItem(KEY);
    return view === 'cards' || view === 'table' ? view : null;
  } catch {
    return null;
  }
}

export function saveView(view: LibraryView): void {
  try {
    window.localStorage.setItem(KEY, view);
  } catch {
    // Storage may be disabled; the account setting below still keeps the choice.
  }
  sendCommand(updateSettings, { body: { library: { view } } }).catch(() => undefined);
}
