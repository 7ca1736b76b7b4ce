/** A key pressed in a dialog (the mix's) is the dialog's, not a shortcut of the card behind it. */
export const inDialog = (event: KeyboardEvent): boolean =>
  event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
