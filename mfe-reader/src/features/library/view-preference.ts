import { client } from '@verba/kit';
import { updateSettings } from '@verba/contracts/http';

export type LibraryView = 'table' | 'cards';
const KEY = 'verba:library-view';

/** Table is the spec's default; the choice is kept in this browser and in the user's settings. */
export function storedView(): LibraryView {
  try {
    return window.localStorage.getItem(KEY) === 'cards' ? 'cards' : 'table';
  } catch {
    return 'table';
  }
}

export function saveView(view: LibraryView): void {
  try {
    window.localStorage.setItem(KEY, view);
  } catch {
    // Storage may be disabled; the account setting below still keeps the choice.
  }
  client.call(updateSettings, { body: { library: { view } } }).catch(() => undefined);
}
