import { sniffAudio } from '../audio-files';
import { FEATURE_RATE } from './features';
import { wavDecoder, type AudioDecoder, type Pcm } from './decode';
import { concat, resample, toMono } from './resample';

/**
 * mp3 and Ogg Vorbis, decoded by WebAssembly builds of mpg123 and libvorbis (npm `mpg123-decoder` and
 * `@wasm-audio-decoders/ogg-vorbis`, MIT), inside the untrusted pool's thread like the WAV reader. The
 * file is fed a slice at a time and each slice's sound is mixed to one channel and brought to the
 * aligner's feature rate at once, so an hour of stereo 44.1 kHz needs 230 MB of samples, not 1.3 GB.
 * m4a (AAC) has no decoder: the one WebAssembly AAC decoder found is GPL-2.0-only, which cannot be
 * combined with espeak-ng's GPL-3.0.
 */

/** Bytes of the file fed to a decoder at a time (about 16 s of 128 kbit/s mp3). */
const SLICE_BYTES = 256 * 1024;

interface Decoded {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}

interface StreamingDecoder {
  ready: Promise<void>;
  decode(bytes: Uint8Array): Decoded | Promise<Decoded>;
  /** What the decoder still holds at the end of the stream (Vorbis). */
  flush?(): Promise<Decoded>;
  free(): void;
}

/** The decoder's output, slice by slice, as one channel at FEATURE_RATE; refused when nothing was decoded. */
async function decodeInSlices(bytes: Uint8Array, decoder: StreamingDecoder): Promise<Pcm> {
  await decoder.ready;
  const pieces: Float32Array[] = [];
  const take = (out: Decoded) => {
    if (out.samplesDecoded > 0 && out.sampleRate > 0) {
      pieces.push(resample(toMono(out.channelData.map((c) => c.subarray(0, out.samplesDecoded))), out.sampleRate, FEATURE_RATE));
    }
  };
  try {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) take(await decoder.decode(bytes.subarray(at, at + SLICE_BYTES)));
    if (decoder.flush) take(await decoder.flush());
  } finally {
    decoder.free();
  }
  const samples = concat(pieces);
  if (samples.length === 0) throw new Error('The decoder found no sound in the file.');
  return { samples, sampleRate: FEATURE_RATE };
}

const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
const ascii = (b: Uint8Array, at: number, length: number) => asBuffer(b).toString('latin1', at, at + length);

export const mp3Decoder: AudioDecoder = {
  accepts: (bytes) => sniffAudio(asBuffer(bytes)) === 'audio/mpeg',
  async decode(bytes) {
    const { MPEGDecoder } = await import('mpg123-decoder');
    return decodeInSlices(bytes, new MPEGDecoder());
  },
};

/** Ogg whose first packet is a Vorbis identification header (Ogg Opus is not read). */
export const oggVorbisDecoder: AudioDecoder = {
  accepts: (bytes) => sniffAudio(asBuffer(bytes)) === 'audio/ogg' && ascii(bytes, 28 + bytes[26]!, 6) === 'vorbis',
  async decode(bytes) {
    const { OggVorbisDecoder } = await import('@wasm-audio-decoders/ogg-vorbis');
    return decodeInSlices(bytes, new OggVorbisDecoder());
  },
};

/** Every format the aligner reads, by the file's own bytes. */
export const AUDIO_DECODERS: readonly AudioDecoder[] = [wavDecoder, mp3Decoder, oggVorbisDecoder];

/** An MPEG-4 container (m4a, mp4, AAC): an `ftyp` box first. Named in its refusal, so the learner knows what to do. */
export const isMpeg4 = (bytes: Uint8Array) => bytes.length > 12 && ascii(bytes, 4, 4) === 'ftyp';
