import { toMono } from './resample';

/** Decoded audio, one channel, as the aligner reads it. */
export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

/**
 * A decoder of one audio format. WAV is read here; mp3, m4a and ogg plug in as decoders of npm packages
 * (a pure JavaScript or WebAssembly one, so it runs in the untrusted pool's threads like this one).
 */
export interface AudioDecoder {
  /** Whether the bytes are this decoder's format (by their signature, never by a file name). */
  accepts(bytes: Uint8Array): boolean;
  decode(bytes: Uint8Array): Promise<Pcm> | Pcm;
}

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** WAV: PCM of 8, 16, 24 or 32 bits, or 32-bit float, any channels (mixed down to one). */
export const wavDecoder: AudioDecoder = {
  accepts: (b) => b.length > 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE',
  decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined;
    for (let at = 12; at + 8 <= bytes.length;) {
      const id = ascii(bytes, at, 4);
      const size = view.getUint32(at + 4, true);
      const body = at + 8;
      if (id === 'fmt ' && size >= 16) {
        const code = view.getUint16(body, true);
        // WAVE_FORMAT_EXTENSIBLE keeps the real format code at the start of its sub-format GUID.
        format = {
          code: code === 0xfffe && size >= 40 ? view.getUint16(body + 24, true) : code,
          channels: view.getUint16(body + 2, true),
          sampleRate: view.getUint32(body + 4, true),
          bits: view.getUint16(body + 14, true),
        };
      }
      if (id === 'data' && format) return readFrames(view, body, Math.min(size, bytes.length - body), format);
      at = body + size + (size % 2);
    }
    throw new Error('A WAV file without its fmt and data chunks.');
  },
};

function readFrames(
  view: DataView,
  start: number,
  size: number,
  f: { code: number; channels: number; sampleRate: number; bits: number },
): Pcm {
  const width = f.bits / 8;
  const float = f.code === 3 && f.bits === 32;
  if (!(f.code === 1 || float) || ![1, 2, 3, 4].includes(width) || f.channels < 1 || !(f.sampleRate > 0)) {
    throw new Error(`A WAV encoding that is not plain PCM (format ${f.code}, ${f.bits} bits).`);
  }
  const frames = Math.floor(size / (width * f.channels));
  const channels = Array.from({ length: f.channels }, () => new Float32Array(frames));
  const read = (at: number): number => {
    if (float) return view.getFloat32(at, true);
    if (width === 1) return (view.getUint8(at) - 128) / 128;
    if (width === 2) return view.getInt16(at, true) / 32768;
    if (width === 3) return (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
    return view.getInt32(at, true) / 2147483648;
  };
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < f.channels; c++) channels[c]![i] = read(start + (i * f.channels + c) * width);
  }
  return { samples: toMono(channels), sampleRate: f.sampleRate };
}

/** The audio of the bytes by the first decoder that takes them, or undefined when none does. */
export async function decodeAudio(bytes: Uint8Array, decoders: readonly AudioDecoder[] = [wavDecoder]): Promise<Pcm | undefined> {
  const decoder = decoders.find((d) => d.accepts(bytes));
  return decoder ? decoder.decode(bytes) : undefined;
}
