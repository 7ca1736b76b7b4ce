/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTROL = 'button, input, select, textarea';

/**
 * The classes a stylesheet draws as a card: a rule of a single class with the surface background, a border
 * and padding (a framed box). jsdom applies no stylesheet, so a test finds cards by these classes. `stylesheet` is
 * relative to `fromUrl` (the test's import.meta.url).
 */
export function cardClasses(fromUrl: string, stylesheet: string): string[] {
  const css = readFileSync(resolve(dirname(fileURLToPath(fromUrl)), stylesheet), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const classes: string[] = [];
  for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const framed = /background:\s*var\(--vk-surface\)/.test(body) && /(^|;)\s*border:/.test(body) && /padding:/.test(body);
    if (!framed) continue;
    for (const selector of selectors.split(',').map((s) => s.trim())) if (/^\.[\w-]+$/.test(selector)) classes.push(selector);
  }
  return classes;
}

/** Cards on the page (controls such as tiles and fields are framed too, but are no cards), and those inside another card. */
export function nestedCards(root: ParentNode, classes: readonly string[]): { cards: Element[]; nested: Element[] } {
  const selector = classes.join(', ');
  const isCard = (element: Element) => !element.matches(CONTROL);
  const cards = Array.from(root.querySelectorAll(selector)).filter(isCard);
  const nested = cards.filter((card) => {
    for (let up = card.parentElement?.closest(selector); up; up = up.parentElement?.closest(selector)) if (isCard(up)) return true;
    return false;
  });
  return { cards, nested };
}
