import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M, IMPORT_NESTING_MAX } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { checkShape, readHtml } from './html-text';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    if (error instanceof Refused) return { status: error.status, message: error.message };
    throw error;
  }
  return undefined;
};

describe('the text of an HTML document, read as a stream of tags', () => {
  it('keeps paragraphs and line breaks, drops scripts, navigation and the head, decodes entities', () => {
    const { paragraphs, heading } = readHtml(
      '<html><head><title>Der Titel</title><style>p{}</style></head><body><nav><a href="/">Start</a></nav><h2>Kapitel</h2><p>Erste  Zeile<br/>zweite &amp; letzte</p><script>alert(1)</script><div>Noch ein <b>Absatz</b>.</div><p>123</p></body></html>',
    );
    expect(paragraphs).toEqual(['Kapitel', 'Erste Zeile\nzweite & letzte', 'Noch ein Absatz.']);
    expect(heading).toBe('Kapitel');
  });

  it('takes an h1 over an earlier h2, and the title when there is no heading', () => {
    expect(readHtml('<h2>Zwei</h2><h1>Eins</h1>').heading).toBe('Eins');
    expect(readHtml('<html><head><title> Nur  Titel </title></head><body><p>Text</p></body></html>').heading).toBe('Nur Titel');
  });

  it('lists the links of each nav, telling the table of contents apart', () => {
    const { navs } = readHtml(
      '<nav epub:type="landmarks"><a href="a.xhtml">A</a></nav><nav epub:type="toc"><ol><li><a href="text/eins.xhtml#top">Der <i>Morgen</i></a></li><li><a href="zwei.xhtml">Mittag</a></li></ol></nav>',
    );
    expect(navs).toEqual([
      { toc: false, links: [{ href: 'a.xhtml', label: 'A' }] },
      {
        toc: true,
        links: [
          { href: 'text/eins.xhtml#top', label: 'Der Morgen' },
          { href: 'zwei.xhtml', label: 'Mittag' },
        ],
      },
    ]);
  });

  it(`reads nesting up to ${IMPORT_NESTING_MAX} deep and refuses deeper at once, without a stack to overflow`, () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}Tief${'</div>'.repeat(depth)}`;
    expect(readHtml(nested(IMPORT_NESTING_MAX - 1)).paragraphs).toEqual(['Tief']);
    const started = performance.now();
    expect(refusal(() => readHtml(nested(100_000), M.tooDeep))).toEqual({ status: 422, message: M.tooDeep });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('checks a page’s depth and element count before any tree is built', () => {
    const limits = { elementsMax: 100, tooDeep: 'deep', tooMany: 'many' };
    expect(refusal(() => checkShape('<p>a</p>'.repeat(50), limits))).toBeUndefined();
    expect(refusal(() => checkShape('<p>a</p>'.repeat(101), limits))).toEqual({ status: 413, message: 'many' });
    expect(refusal(() => checkShape('<i>'.repeat(1000), { ...limits, elementsMax: 10_000 }))).toEqual({ status: 422, message: 'deep' });
  });
});
