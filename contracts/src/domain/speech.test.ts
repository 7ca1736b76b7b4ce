import { describe, it, expect } from 'vitest';
import { escapeXml, unwrapSpeech, wrapForSpeech } from './speech';

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

describe('speed', () => {
  it('adds a prosody rate only when the speed is not normal', () => {
    expect(wrapForSpeech('Hola', 0.75)).toBe('<speak><break time="150ms"/><prosody rate="75%">Hola</prosody></speak>');
    expect(wrapForSpeech('Hola', 1)).toBe('<speak><break time="150ms"/>Hola</speak>');
  });
});

describe('unwrapSpeech', () => {
  it('gives back the text of a wrapped document, unescaped', () => {
    const text = `Tom & Jerry <b>"l'homme"</b> Всё`;
    expect(unwrapSpeech(wrapForSpeech(text))).toBe(text);
  });

  it('leaves plain text and foreign SSML as they are', () => {
    expect(unwrapSpeech('Guten Tag')).toBe('Guten Tag');
    const foreign = '<speak><audio src="x"/>hi</speak>';
    expect(unwrapSpeech(foreign)).toBe(foreign);
  });
});
