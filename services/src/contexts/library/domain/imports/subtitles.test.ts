import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M } from '@verba/contracts';
import { cueLine, readSubtitles } from './subtitles';
import { languageMismatch } from './language';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('reading subtitles', () => {
  it('drops styling: HTML tags, VTT voice and class spans, inline timestamps, ASS overrides, entities', () => {
    expect(cueLine('{\\an8}<i>Wo</i> <b>bist</b> <u>du</u>?')).toBe('Wo bist du?');
    expect(cueLine('<v Anna Maria>Guten <c.yellow.bg_blue>Morgen</c>!</v>')).toBe('Guten Morgen!');
    expect(cueLine('eins<00:00:01.200><c> zwei</c>')).toBe('eins zwei');
    expect(cueLine('Tom &amp; Jerry&nbsp;&lt;3')).toBe('Tom & Jerry <3');
  });

  it('reads VTT with a header, STYLE and NOTE blocks, cue settings, minutes-only times and short fractions', () => {
    const vtt = [
      'WEBVTT - Ein Film',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'NOTE nur für uns',
      '',
      'eins',
      '00:01.5 --> 00:03.25 line:0 position:20% align:start',
      'Erste Zeile',
      '',
      '01:02:03.004 --> 01:02:04.000',
      'Später',
      '',
    ].join('\n');
    expect(readSubtitles(vtt)).toEqual({
      lines: ['Erste Zeile', 'Später'],
      cues: [
        { start: 1.5, end: 3.25 },
        { start: 3723.004, end: 3724 },
      ],
    });
  });

  it('skips a cue without text instead of reading the next cue as its text', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nHallo\n';
    expect(readSubtitles(srt)).toEqual({ lines: ['Hallo'], cues: [{ start: 3, end: 4 }] });
  });

  it('merges cues that start together into one line, and a repeated cue into the one before', () => {
    const srt = [
      '1\n00:00:01,000 --> 00:00:03,000\nWer ist da?',
      '2\n00:00:01,000 --> 00:00:02,000\nIch.',
      '3\n00:00:03,000 --> 00:00:04,000\nGut.',
      '4\n00:00:04,000 --> 00:00:05,000\nGut.',
    ].join('\n\n');
    expect(readSubtitles(srt)).toEqual({
      lines: ['Ich. Wer ist da?', 'Gut.'],
      cues: [
        { start: 1, end: 3 },
        { start: 3, end: 5 },
      ],
    });
  });

  it('refuses times it cannot read and cues that end before they start', () => {
    expect(refusal(() => readSubtitles('1\n00:00:61,000 --> 00:01:02,000\nHallo\n'))).toBe(M.subtitleTimingBroken);
    expect(refusal(() => readSubtitles('1\n00:00:05,000 --> 00:00:04,999\nHallo\n'))).toBe(M.subtitleTimingBroken);
    expect(refusal(() => readSubtitles('Nur ein Brief.\n'))).toBe(M.notSubtitles);
  });
});

describe('the language check of imports', () => {
  const german = 'Ich weiß nicht, wo der Bahnhof ist, aber wir finden ihn schon, wenn wir nur lange genug suchen.';
  const english = 'I do not know where the station is, but we will find it if we just look for it long enough.';
  const spanish = 'No sé dónde está la estación, pero la vamos a encontrar si la buscamos el tiempo que sea necesario.';
  const french = "Je ne sais pas où est la gare, mais nous la trouverons si nous la cherchons assez longtemps, c'est sûr.";
  const russian = 'Я не знаю, где вокзал, но мы его найдём, если будем искать достаточно долго и внимательно сегодня.';

  it('takes each language’s own text', () => {
    expect(languageMismatch(german, 'de')).toBeUndefined();
    expect(languageMismatch(spanish, 'es')).toBeUndefined();
    expect(languageMismatch(french, 'fr')).toBeUndefined();
    expect(languageMismatch(russian, 'ru')).toBeUndefined();
  });

  it('refuses another language, saying which one was expected', () => {
    expect(languageMismatch(english, 'de')).toBe('This text does not look like German.');
    expect(languageMismatch(german, 'fr')).toBe('This text does not look like French.');
    expect(languageMismatch(french, 'es')).toBe('This text does not look like Spanish.');
    expect(languageMismatch(german, 'ru')).toBe('This text does not look like Russian.');
    expect(languageMismatch(russian, 'de')).toBe('This text does not look like German.');
  });

  it('does not judge a text too short to tell', () => {
    expect(languageMismatch('Hello world!', 'de')).toBeUndefined();
  });
});
