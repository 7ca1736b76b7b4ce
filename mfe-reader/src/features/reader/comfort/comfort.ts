import type { UserSettings } from '@verba/contracts/http';

/** The reader's comfort settings, every field chosen (the profile's `settings.reader` with defaults filled in). */
export type Comfort = Required<NonNullable<UserSettings['reader']>>;
export type TextSize = Comfort['textSize'];
export type LineSpacing = Comfort['lineSpacing'];
export type ColumnWidth = Comfort['columnWidth'];
export type ReaderFont = Comfort['font'];
export type ReaderTheme = Comfort['theme'];

/** Today's look: what a learner who never chose sees. */
export const DEFAULT_COMFORT: Comfort = { textSize: 'm', lineSpacing: 'normal', columnWidth: 'wide', font: 'default', theme: 'app' };

interface Choice<T extends string> {
  value: T;
  label: string;
}

export const TEXT_SIZES: readonly (Choice<TextSize> & { css: string })[] = [
  { value: 'xs', label: 'Smallest', css: '1rem' },
  { value: 's', label: 'Small', css: '1.1rem' },
  { value: 'm', label: 'Medium', css: '1.2rem' },
  { value: 'l', label: 'Large', css: '1.45rem' },
  { value: 'xl', label: 'Largest', css: '1.75rem' },
];

export const LINE_SPACINGS: readonly (Choice<LineSpacing> & { css: string })[] = [
  { value: 'tight', label: 'Tight', css: '1.5' },
  { value: 'normal', label: 'Normal', css: '1.9' },
  { value: 'relaxed', label: 'Relaxed', css: '2.3' },
  { value: 'wide', label: 'Wide', css: '2.7' },
];

/** The column's widest line in characters of the text's own font; 'wide' fills the reader's column as before. */
export const COLUMN_WIDTHS: readonly (Choice<ColumnWidth> & { css: string })[] = [
  { value: 'narrow', label: 'Narrow', css: '40ch' },
  { value: 'medium', label: 'Medium', css: '60ch' },
  { value: 'wide', label: 'Wide', css: 'none' },
];

/** Fonts beyond the app's own load their files only once chosen (fonts.ts). */
export const FONTS: readonly (Choice<ReaderFont> & { css: string })[] = [
  { value: 'default', label: 'Default', css: 'var(--vk-font)' },
  { value: 'serif', label: 'Serif', css: 'Georgia, "Times New Roman", serif' },
  { value: 'atkinson', label: 'Atkinson Hyperlegible', css: '"Atkinson Hyperlegible", var(--vk-font)' },
  { value: 'opendyslexic', label: 'OpenDyslexic', css: 'OpenDyslexic, var(--vk-font)' },
];

export const THEMES: readonly Choice<ReaderTheme>[] = [
  { value: 'app', label: 'Follow the app' },
  { value: 'light', label: 'Light' },
  { value: 'sepia', label: 'Sepia' },
  { value: 'dark', label: 'Dark' },
];

const cssOf = <T extends string>(list: readonly (Choice<T> & { css: string })[], value: T): string =>
  list.find((c) => c.value === value)?.css ?? 'initial';

/** The profile's reader settings over the defaults (a field the profile lacks keeps today's look). */
export function comfortFrom(settings: UserSettings['reader'] | undefined): Comfort {
  return { ...DEFAULT_COMFORT, ...Object.fromEntries(Object.entries(settings ?? {}).filter(([, v]) => v !== undefined)) };
}

/** The custom properties reader.css reads on the text's container (.rd-parallel), and its theme attribute. */
export function comfortStyle(comfort: Comfort): { properties: Record<string, string>; theme: ReaderTheme } {
  return {
    properties: {
      '--rd-text-size': cssOf(TEXT_SIZES, comfort.textSize),
      '--rd-line-height': cssOf(LINE_SPACINGS, comfort.lineSpacing),
      '--rd-column-width': cssOf(COLUMN_WIDTHS, comfort.columnWidth),
      '--rd-font': cssOf(FONTS, comfort.font),
    },
    theme: comfort.theme,
  };
}
