import type { AUDIO_TYPES } from '@verba/contracts';

/**
 * Audio files read by their own bytes: which format (a renamed .exe is none) and how long they play, so
 * an upload's sentence timings can be estimated and generated sentences laid end to end. Only what the
 * three formats need is read; no decoding.
 */
export type AudioType = (typeof AUDIO_TYPES)[number];
export const AUDIO_EXTENSIONS: Record<AudioType, string> = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/ogg': 'ogg' };

const ascii = (b: Buffer, at: number, length: number) => b.toString('latin1', at, at + length);

export function sniffAudio(bytes: Buffer): AudioType | undefined {
  if (bytes.length > 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'audio/wav';
  if (bytes.length > 27 && ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (bytes.length > 10 && ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  if (mp3Frame(bytes, 0)) return 'audio/mpeg';
  return undefined;
}

/** Seconds of audio, or undefined when the file's structure cannot be read. */
export function durationOf(bytes: Buffer, type: AudioType): number | undefined {
  const seconds = type === 'audio/wav' ? wavDuration(bytes) : type === 'audio/ogg' ? oggDuration(bytes) : mp3Duration(bytes);
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

// ---- WAV: RIFF chunks; the `fmt ` chunk's byte rate and the `data` chunk's size.

interface WavParts {
  format: Buffer;
  data: Buffer;
  byteRate: number;
}

function wavParts(bytes: Buffer): WavParts | undefined {
  let format: Buffer | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at, 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
    if (id === 'fmt ' && body.length >= 16) format = body;
    if (id === 'data' && format) return { format, data: body, byteRate: format.readUInt32LE(8) };
    at += 8 + size + (size % 2);
  }
  return undefined;
}

function wavDuration(bytes: Buffer): number | undefined {
  const parts = wavParts(bytes);
  return parts && parts.byteRate > 0 ? parts.data.length / parts.byteRate : undefined;
}

// ---- MP3: MPEG audio layer III frames after an optional ID3v2 tag.

const BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

function mp3Frame(b: Buffer, at: number): { length: number; seconds: number } | undefined {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (b[at + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (b[at + 1]! >> 1) & 3; // 1 = layer III
  const bitrate = (version === 3 ? BITRATES.v1 : BITRATES.v2)[b[at + 2]! >> 4];
  const sampleRate = SAMPLE_RATES[version]?.[(b[at + 2]! >> 2) & 3];
  if (version === 1 || layer !== 1 || !bitrate || !sampleRate) return undefined;
  const samples = version === 3 ? 1152 : 576;
  const padding = (b[at + 2]! >> 1) & 1;
  return { length: Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding, seconds: samples / sampleRate };
}

/** Where the frames start: after an ID3v2 tag (its size is four 7-bit bytes). */
function id3End(b: Buffer): number {
  if (ascii(b, 0, 3) !== 'ID3' || b.length < 10) return 0;
  return 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!) + (b[5]! & 0x10 ? 10 : 0);
}

/** The frames alone (no tag), so generated pieces can be joined into one file. */
export const mp3Frames = (bytes: Buffer) => bytes.subarray(id3End(bytes));

function mp3Duration(bytes: Buffer): number | undefined {
  let at = id3End(bytes);
  let seconds = 0;
  let frames = 0;
  for (let frame = mp3Frame(bytes, at); frame; frame = mp3Frame(bytes, at)) {
    seconds += frame.seconds;
    frames += 1;
    at += frame.length;
  }
  return frames ? seconds : undefined;
}

// ---- Ogg: the last page's granule position over the stream's rate (Vorbis: its header; Opus: 48 kHz).

function oggDuration(bytes: Buffer): number | undefined {
  const segments = bytes[26]!;
  const packet = 27 + segments;
  let rate: number | undefined;
  let preSkip = 0;
  if (ascii(bytes, packet, 7) === '\x01vorbis' && bytes.length >= packet + 16) rate = bytes.readUInt32LE(packet + 12);
  else if (ascii(bytes, packet, 8) === 'OpusHead' && bytes.length >= packet + 12) {
    rate = 48000;
    preSkip = bytes.readUInt16LE(packet + 10);
  }
  const last = bytes.lastIndexOf('OggS', bytes.length - 4, 'latin1');
  if (!rate || last < 0 || last + 14 > bytes.length) return undefined;
  const granule = Number(bytes.readBigInt64LE(last + 6));
  return granule > preSkip ? (granule - preSkip) / rate : undefined;
}

// ---- Joining generated sentences into one file.

/** One file of the pieces (all of the engine's one format) and each piece's duration. */
export function joinPieces(pieces: readonly Buffer[], type: AudioType): { bytes: Buffer; durations: number[] } | undefined {
  const durations = pieces.map((p) => durationOf(p, type));
  if (durations.some((d) => d === undefined)) return undefined;
  if (type === 'audio/mpeg') return { bytes: Buffer.concat(pieces.map(mp3Frames)), durations: durations as number[] };
  if (type !== 'audio/wav') return undefined;
  const parts = pieces.map(wavParts);
  const first = parts[0];
  if (!first || parts.some((p) => !p || !p.format.equals(first.format))) return undefined;
  return { bytes: wavFile(first.format, Buffer.concat(parts.map((p) => p!.data))), durations: durations as number[] };
}

function wavFile(format: Buffer, data: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(4 + 8 + format.length + 8 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(format.length, 16);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'ascii');
  dataHead.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, format, dataHead, data]);
}
