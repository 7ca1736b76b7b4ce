import { describe, expect, it } from 'vitest';
import { readingMinutes, renderMarkdown } from './markdown';

describe('rendering a post', () => {
  it('keeps formatting: headings, emphasis, lists, quotes, tables and safe links', () => {
    const html = renderMarkdown(
      '## Title\n\nSome **bold** and *em*.\n\n- one\n\n> quoted\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[site](https://verba.app)',
    );
    for (const tag of ['<h2>Title</h2>', '<strong>bold</strong>', '<em>em</em>', '<li>one</li>', '<blockquote>', '<table>', '<td>1</td>'])
      expect(html).toContain(tag);
    expect(html).toContain('<a href="https://verba.app" rel="noopener noreferrer nofollow">site</a>');
  });

  it('makes stored-XSS payloads inert', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '[click](javascript:alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(1)>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
      '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    ];
    const html = renderMarkdown(payloads.join('\n\n'));
    expect(html).not.toMatch(/<script|<iframe|<svg|onerror|onload|onclick|javascript:|style=|data:/i);
  });

  it('keeps no images when asked (forum posts), and gives kept ones an alt', () => {
    expect(renderMarkdown('![cat](https://img.example/cat.png) <img src="https://img.example/x.png">', { images: false })).not.toContain(
      '<img',
    );
    expect(renderMarkdown('<img src="https://img.example/x.png">')).toContain('alt=""');
  });

  it('counts reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes('short')).toBe(1);
  });
});
