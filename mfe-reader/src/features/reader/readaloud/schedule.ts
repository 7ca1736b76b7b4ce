/** A word of the page and when it is heard, in milliseconds from the start of its sentence's audio. */
export interface TimedWord {
  index: number;
  offsetMs: number;
}

/** What the schedule reads the time from: a playing <audio> (its currentTime, in seconds). */
export interface AudioClock {
  readonly currentTime: number;
}

/** The word heard at `ms`: the last one whose time has come (-1 before the first). Words are in time order. */
export function wordAt(words: readonly TimedWord[], ms: number): number {
  let found = -1;
  for (const word of words) {
    if (word.offsetMs > ms) break;
    found = word.index;
  }
  return found;
}

/** Shortest wait between two looks at the clock: a word boundary a few ms away is not worth a timer of its own. */
const MIN_WAIT_MS = 15;

/**
 * Follows the audio's clock and tells each word as it is heard: it looks at the clock, then sleeps until the
 * next word is due and looks again (the audio's own clock, not the timer's, decides: a player that stalls or
 * starts late keeps the word in step). Returns how to stop it.
 */
export function followWords(clock: AudioClock, words: readonly TimedWord[], onWord: (index: number) => void): () => void {
  const sorted = [...words].sort((a, b) => a.offsetMs - b.offsetMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: number | undefined;
  const look = () => {
    const ms = clock.currentTime * 1000;
    const current = wordAt(sorted, ms);
    if (current !== shown) onWord((shown = current));
    const next = sorted.find((w) => w.offsetMs > ms);
    if (next) timer = setTimeout(look, Math.max(next.offsetMs - ms, MIN_WAIT_MS));
  };
  look();
  return () => clearTimeout(timer);
}
