/**
 * Sentences of a chapter's or article's text, as the audio manager times them and the learner's player
 * highlights them: the server and the browser split the same text the same way, so sentence i of the
 * stored timings is sentence i on screen (the timings hold no text: an author's text stays sealed).
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    // A run up to its end marks (and closing quotes or brackets), or the rest of the line.
    for (const piece of line.match(/[^.!?…]+(?:[.!?…]+["'»«“”„)\]]*|$)|[.!?…]+/g) ?? []) {
      const sentence = piece.trim();
      // Marks alone ("…") join the sentence before them rather than being timed on their own.
      if (/[\p{L}\p{N}]/u.test(sentence)) sentences.push(sentence);
      else if (sentence && sentences.length) sentences[sentences.length - 1] += sentence;
    }
  }
  return sentences;
}

/** Where a sentence of splitSentences is in the text: [start, end) offsets, trimmed as the sentence is. */
export interface SentenceRange {
  start: number;
  end: number;
}

/**
 * splitSentences' sentences as offsets in the text, so a player can light sentence i among the text's
 * words (read-aloud, and admin audio lit in the text being read). Same split: text.slice(start, end) is
 * sentence i (but for marks alone, which join the sentence before them with the space between).
 */
export function sentenceRanges(text: string): SentenceRange[] {
  const ranges: SentenceRange[] = [];
  for (const line of text.matchAll(/[^\n]+/g)) {
    for (const piece of line[0].matchAll(/[^.!?…]+(?:[.!?…]+["'»«“”„)\]]*|$)|[.!?…]+/g)) {
      const raw = piece[0];
      const start = line.index + piece.index + (raw.length - raw.trimStart().length);
      const end = line.index + piece.index + raw.trimEnd().length;
      if (start >= end) continue;
      if (/[\p{L}\p{N}]/u.test(raw)) ranges.push({ start, end });
      else if (ranges.length) ranges[ranges.length - 1]!.end = end;
    }
  }
  return ranges;
}

/**
 * A word heard in a sentence's audio: `from`..`to` are UTF-16 offsets in the sentence as splitSentences gives
 * it (so in the text, from the sentence's range start), `start`..`end` seconds from the start of the audio.
 */
export interface SentenceWord {
  from: number;
  to: number;
  start: number;
  end: number;
}

export interface SentenceTiming {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** The sentence's words, in order, where it is known when each is heard (generated and aligned audio). */
  words?: SentenceWord[] | undefined;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** For uploaded audio: the duration shared out in proportion to each sentence's length (an estimate). */
export function timingsByLength(sentences: readonly string[], durationSeconds: number): SentenceTiming[] {
  const total = sentences.reduce((sum, s) => sum + s.length, 0);
  let at = 0;
  return sentences.map((s) => {
    const start = at;
    at += total ? (durationSeconds * s.length) / total : 0;
    return { start: round(start), end: round(at) };
  });
}

/** For generated audio: each sentence's own measured length, one after the other. */
export function timingsByDurations(durations: readonly number[]): SentenceTiming[] {
  let at = 0;
  return durations.map((d) => {
    const start = at;
    at += d;
    return { start: round(start), end: round(at) };
  });
}

/** The sentence being spoken at `seconds`, or -1 before the first or after the last. */
export function sentenceAt(timings: readonly SentenceTiming[], seconds: number): number {
  return timings.findIndex((t) => seconds >= t.start && seconds < t.end);
}

/**
 * A sentence's words from when each one begins (seconds from the audio's start, as an engine marks them):
 * each word ends where the next begins, the last where its sentence ends.
 */
export function wordsFromStarts(sentence: SentenceTiming, starts: readonly Omit<SentenceWord, 'end'>[]): SentenceWord[] {
  return starts.map((w, k) => {
    const start = round(Math.min(Math.max(w.start, sentence.start), sentence.end));
    const next = starts[k + 1];
    const end = round(next ? Math.min(Math.max(next.start, start), sentence.end) : sentence.end);
    return { from: w.from, to: w.to, start, end };
  });
}

/** The word of `timing` heard at `seconds`: its index in `timing.words`, or -1 (none known, or in a pause between words). */
export function wordHeardAt(timing: SentenceTiming | undefined, seconds: number): number {
  return timing?.words?.findIndex((w) => seconds >= w.start && seconds < w.end) ?? -1;
}

/** "1:05" for 65 seconds. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
