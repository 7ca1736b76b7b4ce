import { describe, it, expect } from 'vitest';
import { escapeXml, wrapForSpeech } from './speech';

describe('wrapForSpeech', () => {
  it('prepends a 150 ms break inside <speak>', () => {
    expect(wrapForSpeech('Guten Tag')).toBe('<speak><break time="150ms"/>Guten Tag</speak>');
  });

  it('escapes all five XML special characters', () => {
    expect(wrapForSpeech(`Tom & Jerry <b>"l'homme"</b>`)).toBe(
      '<speak><break time="150ms"/>Tom &amp; Jerry &lt;b&gt;&quot;l&apos;homme&quot;&lt;/b&gt;</speak>',
    );
  });

  it('does not double-escape: & is escaped first', () => {
    expect(escapeXml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text, including non-Latin and typographic apostrophes, untouched', () => {
    expect(escapeXml('Всё хорошо, aujourd’hui ¿qué?')).toBe('Всё хорошо, aujourd’hui ¿qué?');
  });
});
