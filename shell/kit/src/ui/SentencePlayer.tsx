import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { clock, sentenceAt, splitSentences, type SentenceTiming } from '@verba/contracts/domain';
import './SentencePlayer.css';

export interface SentencePlayerProps {
  /** The stored audio: its URL and one timing per sentence of `text`. */
  audio: { url: string; durationSeconds: number; sentences: readonly SentenceTiming[] };
  /** The text the audio speaks, split the way its timings were made. */
  text: string;
  /** Shows each sentence's start and end (the admin checks an upload's estimated timings). */
  showTimes?: boolean;
  label?: string;
  /** A key (lower case) that plays the sentence being heard again from its start, anywhere on the page. */
  repeatKey?: string;
}

/** Speeds a learner can pick; slower first, as learners slow audio far more often than they speed it up. */
const PLAYBACK_RATES = [0.75, 0.9, 1, 1.25] as const;

/**
 * Plays a chapter's or article's audio and highlights the sentence being spoken (`aria-current`), so a
 * learner can follow the voice; clicking a sentence plays from its start, "Repeat sentence" (or `repeatKey`)
 * plays the one heard again, and the speed is the learner's. Text is rendered as text.
 */
export function SentencePlayer({ audio, text, showTimes = false, label = 'Listen', repeatKey }: SentencePlayerProps) {
  const element = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [rate, setRate] = useState(1);
  const sentences = useMemo(() => splitSentences(text), [text]);
  const current = sentenceAt(audio.sentences, time);
  /** The sentence heard last (between two sentences, or after the end, "repeat" plays it again). */
  const heard = useRef(0);
  useEffect(() => {
    if (current >= 0) heard.current = current;
  }, [current]);

  useEffect(() => {
    const a = element.current;
    if (!a) return;
    // timeupdate comes about four times a second; a frame loop while playing keeps the highlight exact.
    let frame = 0;
    const tick = () => {
      setTime(a.currentTime);
      if (!a.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = () => (setPlaying(true), (frame = requestAnimationFrame(tick)));
    const onStop = () => (setPlaying(false), setTime(a.currentTime), cancelAnimationFrame(frame));
    a.addEventListener('play', onPlay);
    a.addEventListener('pause', onStop);
    a.addEventListener('ended', onStop);
    // A seek while playing (a sentence clicked) ends after play began: the clock keeps running then.
    const onSeeked = () => (a.paused ? onStop() : setTime(a.currentTime));
    a.addEventListener('seeked', onSeeked);
    return () => {
      cancelAnimationFrame(frame);
      a.removeEventListener('play', onPlay);
      a.removeEventListener('pause', onStop);
      a.removeEventListener('ended', onStop);
      a.removeEventListener('seeked', onSeeked);
    };
  }, [audio.url]);

  const toggle = () => {
    const a = element.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => setPlaying(false));
    else a.pause();
  };
  const playFrom = (i: number) => {
    const a = element.current;
    const start = audio.sentences[i]?.start;
    if (!a || start === undefined) return;
    a.currentTime = start;
    setTime(start);
    void a.play().catch(() => setPlaying(false));
  };

  const repeat = useEffectEvent(() => playFrom(heard.current));

  useEffect(() => {
    if (element.current) element.current.playbackRate = rate;
  }, [rate, audio.url]);

  // The key repeats the sentence wherever the learner is on the page, but not while they type or use a dialog.
  useEffect(() => {
    if (!repeatKey) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== repeatKey || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      repeat();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [repeatKey]);

  return (
    <section className="vk-player" aria-label={label}>
      <audio ref={element} src={audio.url} preload="metadata" data-testid="sentence-audio" />
      <div className="vk-player__bar">
        <button type="button" className="vk-btn vk-btn--primary vk-btn--sm" onClick={toggle} aria-pressed={playing}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className="vk-btn vk-btn--secondary vk-btn--sm"
          onClick={() => playFrom(heard.current)}
          aria-keyshortcuts={repeatKey?.toUpperCase()}
        >
          Repeat sentence
        </button>
        <label className="vk-player__speed">
          Speed{' '}
          <select value={rate} onChange={(event) => setRate(Number(event.target.value))}>
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>{`${r}×`}</option>
            ))}
          </select>
        </label>
        <span className="vk-player__time" aria-live="off">
          {clock(time)} / {clock(audio.durationSeconds)}
        </span>
      </div>
      <ol className="vk-player__sentences">
        {sentences.map((sentence, i) => {
          const timing = audio.sentences[i];
          return (
            <li
              key={i}
              aria-current={i === current ? 'true' : undefined}
              className={i === current ? 'vk-player__sentence vk-player__sentence--current' : 'vk-player__sentence'}
            >
              <button type="button" className="vk-player__jump" onClick={() => playFrom(i)} disabled={!timing} title="Play from here">
                {showTimes && timing ? (
                  <span className="vk-player__at">{`${timing.start.toFixed(2)}–${timing.end.toFixed(2)} s`}</span>
                ) : null}
                {sentence}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
