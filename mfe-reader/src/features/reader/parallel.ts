/**
 * The article's translation beside its text (issue 38.6), paragraph by paragraph. Paragraphs are separated
 * by a blank line (the spec's plain text; the reader's text of rich HTML too); a text without any blank line
 * is split at its line breaks instead. The n-th paragraph of the translation goes with the n-th of the
 * article; translation paragraphs past the article's last one show after the last pair.
 *
 * The reader's words are plain DOM outside React (word-index.ts); `arrangeParallel` groups the page's nodes
 * into rows without re-creating them, so the word spans, their index and their handlers stay as they are.
 */

/** [start, end) of each non-empty paragraph of a text, blank-line separated (line-separated when there is no blank line). */
export function paragraphRanges(text: string): Array<[number, number]> {
  const separator = /\n[ \t]*\n/.test(text) ? /\n[ \t]*\n\s*/g : /\n\s*/g;
  const ranges: Array<[number, number]> = [];
  let start = 0;
  const push = (end: number) => {
    const piece = text.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    const trail = piece.length - piece.trimEnd().length;
    if (piece.trim() !== '') ranges.push([start + lead, end - trail]);
  };
  for (const match of text.matchAll(separator)) {
    push(match.index);
    start = match.index + match[0].length;
  }
  push(text.length);
  return ranges;
}

/** The paragraphs of a translation, as text. */
export const translationParagraphs = (translation: string): string[] =>
  paragraphRanges(translation).map(([s, e]) => translation.slice(s, e));

/** One row of a page: a piece of the original ([start, end) of the page text, or none) and the translation beside it. */
export interface ParallelRow {
  original: [number, number] | null;
  /** null beside a paragraph continued from the page before (its translation was shown there). */
  translation: string | null;
}

/**
 * The rows of page `page` (0-based) of `pages` (the article's pages, which joined give its text back).
 * A paragraph cut by a page break has its translation on the page where it starts.
 */
export function pageRows(pages: readonly string[], page: number, translation: string): ParallelRow[] {
  const text = pages.join('');
  const pageStart = pages.slice(0, page).reduce((sum, p) => sum + p.length, 0);
  const pageEnd = pageStart + (pages[page]?.length ?? 0);
  const originals = paragraphRanges(text);
  const translated = translationParagraphs(translation);
  const rows: ParallelRow[] = [];
  originals.forEach(([start, end], i) => {
    if (end <= pageStart || start >= pageEnd) return;
    rows.push({
      original: [Math.max(start, pageStart) - pageStart, Math.min(end, pageEnd) - pageStart],
      translation: start >= pageStart ? (translated[i] ?? null) : null,
    });
  });
  const last = originals.at(-1);
  const lastStartsHere = last === undefined ? page === pages.length - 1 : last[0] >= pageStart && last[0] < pageEnd;
  if (lastStartsHere) for (const rest of translated.slice(originals.length)) rows.push({ original: null, translation: rest });
  return rows;
}

const ROW = 'rd-para';
const ORIGINAL = 'rd-para__original';
const TRANSLATION = 'rd-para__translation';
const GAP = 'rd-para__gap';

/**
 * Groups the text's nodes (word spans and the text between them) into one row per ParallelRow, the
 * translation beside each original piece (as text, never HTML). The whitespace between paragraphs goes
 * into hidden spans, so the text's content and order stay as they were. Returns the undo, which puts
 * every node back in place (doing nothing when the text was rebuilt meanwhile).
 */
export function arrangeParallel(container: HTMLElement, rows: readonly ParallelRow[]): () => void {
  const document = container.ownerDocument;
  const bounds = [...new Set(rows.flatMap((row) => row.original ?? []))].sort((a, b) => a - b);
  // Text nodes split at every row boundary (words never straddle one: boundaries are at line breaks).
  let offset = 0;
  const pieces: Array<{ node: Node; start: number }> = [];
  for (const child of Array.from(container.childNodes)) {
    let node = child;
    let start = offset;
    const length = node.textContent?.length ?? 0;
    offset += length;
    if (node.nodeType === node.TEXT_NODE) {
      for (const bound of bounds) {
        if (bound <= start || bound >= offset) continue;
        const rest = (node as Text).splitText(bound - start);
        pieces.push({ node, start });
        node = rest;
        start = bound;
      }
    }
    pieces.push({ node, start });
  }

  const made: HTMLElement[] = [];
  const cells = new Map<ParallelRow, HTMLElement>();
  let gap: HTMLElement | null = null;
  const element = (className: string, tag = 'div') => {
    const el = document.createElement(tag);
    el.className = className;
    return el;
  };
  for (const row of rows) {
    const wrapper = element(ROW);
    const original = element(ORIGINAL);
    wrapper.append(original);
    const translation = element(TRANSLATION, 'p');
    if (row.translation !== null) translation.textContent = row.translation;
    else translation.setAttribute('aria-hidden', 'true');
    wrapper.append(translation);
    if (row.original) cells.set(row, original);
    made.push(wrapper);
  }
  const rowOf = (start: number) => rows.findIndex((row) => row.original && start >= row.original[0] && start < row.original[1]);

  // Rows go in reading order; a row without an original (the translation's rest) after the last one.
  for (const { node, start } of pieces) {
    const i = rowOf(start);
    if (i < 0) {
      if (!gap) {
        gap = element(GAP, 'span');
        gap.hidden = true;
        container.insertBefore(gap, node);
        made.push(gap);
      }
      gap.append(node);
      continue;
    }
    gap = null;
    const wrapper = made[i] as HTMLElement;
    if (wrapper.parentNode !== container) container.insertBefore(wrapper, node);
    (cells.get(rows[i] as ParallelRow) as HTMLElement).append(node);
  }
  rows.forEach((row, i) => {
    if (!row.original) container.append(made[i] as HTMLElement);
  });

  return () => {
    if (!made.some((el) => el.parentNode === container)) return;
    for (const el of made) {
      if (el.parentNode !== container) continue;
      const nodes = el.classList.contains(GAP) ? Array.from(el.childNodes) : Array.from(el.querySelector(`.${ORIGINAL}`)?.childNodes ?? []);
      for (const node of nodes) container.insertBefore(node, el);
      el.remove();
    }
    container.normalize();
  };
}
