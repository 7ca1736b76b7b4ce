import type { ReaderFont } from './comfort';

/**
 * The fonts the reader offers beyond the app's own, each a stylesheet of its own chunk: the reader's first
 * load carries none of them, and a font's files are fetched only once a learner chose it.
 */
const LOADERS: Partial<Record<ReaderFont, () => Promise<unknown>>> = {
  atkinson: () => Promise.all([import('@fontsource/atkinson-hyperlegible/400.css'), import('@fontsource/atkinson-hyperlegible/700.css')]),
  opendyslexic: () => Promise.all([import('@fontsource/opendyslexic/400.css'), import('@fontsource/opendyslexic/700.css')]),
};

const loaded = new Map<ReaderFont, Promise<unknown>>();

/** Loads the chosen font's stylesheet once; the text shows in the fallback font until it is there. */
export function loadFont(font: ReaderFont): Promise<unknown> {
  const load = LOADERS[font];
  if (!load) return Promise.resolve();
  let once = loaded.get(font);
  if (!once) {
    once = load().catch(() => loaded.delete(font));
    loaded.set(font, once);
  }
  return once;
}
