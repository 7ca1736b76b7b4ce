import { describe, expect, it } from 'vitest';
import { formatMarkdown, parseMarkdown } from './data-files';

describe('Markdown data files', () => {
  it('read back exactly what was written: quotes, colons, dashes, blank lines and a body starting with ---', () => {
    const attributes = { id: '09c14be0-4078-4675-9107-a841bef7fb66', name: '„Guten Tag“: "quoted" – A1', level: 'A1' };
    const body = '--- not front matter\n\nSecond paragraph: with a colon.\n';
    const text = formatMarkdown(attributes, body);
    expect(parseMarkdown(text, 'x.md')).toEqual({ attributes, body });
  });

  it('name the file when the front matter is missing or malformed', () => {
    expect(() => parseMarkdown('just text\n', 'a.md')).toThrow(/a\.md: expected front matter/);
    expect(() => parseMarkdown('---\nno colon here\n---\n\nbody\n', 'b.md')).toThrow(/b\.md: front matter line/);
  });
});
