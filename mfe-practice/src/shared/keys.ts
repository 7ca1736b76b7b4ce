/** A key typed into a field, or with a modifier, is not a shortcut of the practice page. */
export const notAShortcut = (event: KeyboardEvent): boolean =>
  event.altKey ||
  event.ctrlKey ||
  event.metaKey ||
  (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]') !== null);
