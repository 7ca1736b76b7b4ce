import { describe, expect, it } from 'vitest';
import { plainText, richText, visibleText } from './sanitize';

describe('plainText', () => {
  it('drops tags, scripts with their content and event handlers, keeping the text', () => {
    expect(plainText('<script>alert(1)</script>Hallo')).toBe('Hallo');
    expect(plainText('<img src=x onerror=alert(1)>Titel')).toBe('Titel');
    expect(plainText('<a href="javascript:alert(1)">Link</a> text')).toBe('Link text');
    expect(plainText('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<\s*script/i);
  });

  it('keeps ordinary punctuation as written', () => {
    expect(plainText('a < b & c > d, "quoted" l\'homme')).toBe('a < b & c > d, "quoted" l\'homme');
    expect(plainText('Erster Absatz.\n\nZweiter Absatz.')).toBe('Erster Absatz.\n\nZweiter Absatz.');
  });

  it('does not let escaped markup turn into markup', () => {
    const out = plainText('&lt;script&gt;alert(1)&lt;/script&gt;rest');
    expect(out).not.toMatch(/<script/i);
    expect(plainText(out)).toBe(out);
  });
});

describe('richText', () => {
  it('keeps harmless formatting and safe links only', () => {
    const html =
      '<p onclick="x()">a <strong>b</strong> <a href="javascript:alert(1)">c</a> <a href="https://verba.example/x">d</a></p><script>bad()</script><iframe src="https://x"></iframe>';
    const out = richText(html);
    expect(out).toBe(
      '<p>a <strong>b</strong> <a rel="noopener noreferrer nofollow" target="_blank">c</a> <a href="https://verba.example/x" rel="noopener noreferrer nofollow" target="_blank">d</a></p>',
    );
  });

  it('drops style, images and svg payloads', () => {
    expect(richText('<style>*{}</style><img src=x onerror=alert(1)><svg onload=alert(1)><p>ok</p></svg>')).toBe('<p>ok</p>');
  });
});

describe('visibleText', () => {
  it('gives the words of rich text without its tags', () => {
    expect(visibleText('<p>Guten <em>Tag</em></p><p>Welt</p>', 'html').split(/\s+/)).toEqual(['Guten', 'Tag', 'Welt']);
  });
});
