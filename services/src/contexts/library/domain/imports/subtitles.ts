import { parse } from '@plussub/srt-vtt-parser';
import { IMPORT_MESSAGES as M } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import type { Cue } from './parts';

/**
 * Subtitles (.srt, .vtt) as timed lines: each cue becomes one line of text (a paragraph) with its start
 * and end in seconds. @plussub/srt-vtt-parser reads the blocks; around it, the timing lines are checked
 * and written in one form first (it reads "0:01.5" or cue settings after the end time wrongly), and the
 * text is cleaned after: styling tags, VTT voice and class spans, ASS overrides ({\an8}) and entities
 * dropped; roll-up captions (each cue repeating the line before it, as YouTube's automatic ones do) merged;
 * cues sorted by start, overlapping ones made to follow each other.
 */
export interface TimedText {
  lines: string[];
  cues: Cue[];
}

/** hh:mm:ss.mmm or mm:ss.mmm (a comma or a dot before the fraction, which may be short). */
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?`;
const TIMING_LINE = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s.*)?$`);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Milliseconds as the parser reads them (always three digits of fraction). */
const canonical = (ms: number, comma: boolean) =>
  `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${comma ? ',' : '.'}${pad(ms % 1000, 3)}`;

function millis(h: string | undefined, m: string, s: string, fraction: string | undefined): number {
  const minutes = Number(m);
  const seconds = Number(s);
  if (minutes > 59 || seconds > 59) return NaN;
  return ((Number(h ?? 0) * 60 + minutes) * 60 + seconds) * 1000 + Number((fraction ?? '0').padEnd(3, '0'));
}

/**
 * The file with every timing line checked and in canonical form, and cues without text dropped (the
 * parser would read the next cue's lines as their text). A line with "-->" that is no timing refuses the file.
 */
function normalized(text: string, vtt: boolean): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A timing line starts with a time; "-->" elsewhere is text (or, where a timing belongs, the parser's NaN).
    if (!/^\s*\d[\d:.,]*\s*-->/.test(line)) {
      out.push(line);
      continue;
    }
    const match = TIMING_LINE.exec(line);
    if (!match) throw new Refused(400, M.subtitleTimingBroken);
    const start = millis(match[1], match[2]!, match[3]!, match[4]);
    const end = millis(match[5], match[6]!, match[7]!, match[8]);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) throw new Refused(400, M.subtitleTimingBroken);
    const next = lines[i + 1];
    // A blank line right after the timing: no text (a line of spaces is text, as YouTube's captions begin).
    if (next === undefined || next === '') {
      // No text: drop the cue with its number (the line before, when it is one).
      if (out.length && out[out.length - 1]!.trim() !== '' && !out[out.length - 1]!.includes('-->')) out.pop();
      continue;
    }
    out.push(`${canonical(start, !vtt)} --> ${canonical(end, !vtt)}`);
  }
  return out.join('\n');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'", lrm: '', rlm: '' };

/** A cue's text as one line: tags, inline timestamps, ASS overrides and entities gone, spaces tidied. */
export function cueLine(text: string): string {
  return text
    .replace(/<[^<>\n]*>/g, '') // <i>, <b>, <c.yellow>, <v Anna>, <00:00:01.000>, <font color=…>
    .replace(/\{\\[^{}\n]*\}/g, '') // {\an8}, {\i1}
    .replace(/&(amp|lt|gt|nbsp|quot|apos|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Lines a roll-up caption keeps on screen from the cue before (two or three on television and YouTube). */
const ROLL_UP_LINES_MAX = 4;

/** Line-level roll-up: the lines of `lines` not already shown at the end of the cue before. */
function newLines(previous: readonly string[], lines: readonly string[]): string[] {
  if (previous.length === lines.length && previous.every((line, i) => line === lines[i])) return [];
  for (let overlap = Math.min(previous.length, lines.length, ROLL_UP_LINES_MAX); overlap > 0; overlap--) {
    const tail = previous.slice(previous.length - overlap);
    if (tail.every((line, i) => line === lines[i])) return lines.slice(overlap);
  }
  return [...lines];
}

interface Timed {
  start: number;
  end: number;
  lines: string[];
}

/**
 * Cues in order of their start, each shown once: a cue that only repeats what is on screen lengthens the
 * line before it; a cue whose first lines repeat the last ones before it keeps only its new lines; an
 * overlapping cue ends the one before it where it starts (cues starting together become one line).
 */
function merged(cues: Timed[]): { line: string; start: number; end: number }[] {
  const sorted = cues.map((c, i) => ({ ...c, i })).sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  const out: { line: string; start: number; end: number }[] = [];
  let previous: string[] = [];
  for (const cue of sorted) {
    const fresh = newLines(previous, cue.lines);
    previous = cue.lines;
    const last = out[out.length - 1];
    if (!fresh.length) {
      if (last) last.end = Math.max(last.end, cue.end);
      continue;
    }
    const line = fresh.join(' ');
    if (last && line === last.line && cue.start <= last.end + 1) {
      last.end = Math.max(last.end, cue.end);
      continue;
    }
    if (last && cue.start <= last.start) {
      last.line = `${last.line} ${line}`;
      last.end = Math.max(last.end, cue.end);
      continue;
    }
    if (last && last.end > cue.start) last.end = cue.start;
    out.push({ line, start: cue.start, end: cue.end });
  }
  return out;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** A subtitle file's (already decoded) text as lines with their timings. */
export function readSubtitles(text: string): TimedText {
  const vtt = /^\uFEFF?WEBVTT/.test(text);
  const checked = normalized(text.replace(/^\uFEFF/, ''), vtt);
  let entries: { from: number; to: number; text: string }[];
  try {
    entries = parse(checked).entries;
  } catch {
    throw new Refused(400, M.notSubtitles);
  }
  if (!entries.length) throw new Refused(400, M.notSubtitles);
  const cues: Timed[] = [];
  for (const entry of entries) {
    if (!Number.isFinite(entry.from) || !Number.isFinite(entry.to) || entry.to < entry.from) throw new Refused(400, M.subtitleTimingBroken);
    const lines = cueLine(entry.text)
      .split('\n')
      .filter((l) => /\p{L}/u.test(l));
    if (lines.length) cues.push({ start: entry.from, end: entry.to, lines });
  }
  if (!cues.length) throw new Refused(400, M.noText);
  const timed = merged(cues);
  return { lines: timed.map((c) => c.line), cues: timed.map((c) => ({ start: seconds(c.start), end: seconds(c.end) })) };
}
