import { describe, expect, it } from 'vitest';
import { pcm16ToWav } from '../../adapters/wav';
import { decodeAudio, wavDecoder, type AudioDecoder } from './decode';

/** A WAV file of any PCM layout, written by hand: format code, channels, bits, and the raw frames. */
function wav(code: number, channels: number, rate: number, bits: number, data: Uint8Array): Uint8Array {
  const file = Buffer.alloc(44 + data.length);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + data.length, 4);
  file.write('WAVEfmt ', 8, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(code, 20);
  file.writeUInt16LE(channels, 22);
  file.writeUInt32LE(rate, 24);
  file.writeUInt32LE((rate * channels * bits) / 8, 28);
  file.writeUInt16LE((channels * bits) / 8, 32);
  file.writeUInt16LE(bits, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(data.length, 40);
  file.set(data, 44);
  return file;
}

describe('decoding a recording', () => {
  it('reads 16-bit mono WAV as the speech engine and most recorders write it', async () => {
    const pcm = await decodeAudio(pcm16ToWav(Int16Array.of(0, 16384, -32768), 22_050));
    expect(pcm?.sampleRate).toBe(22_050);
    expect(Array.from(pcm!.samples)).toEqual([0, 0.5, -1]);
  });

  it('reads stereo (mixed to one channel), 24-bit and 32-bit float WAV', async () => {
    const stereo = new Uint8Array(Int16Array.of(16384, 0, -16384, -16384).buffer);
    expect(Array.from((await decodeAudio(wav(1, 2, 44_100, 16, stereo)))!.samples)).toEqual([0.25, -0.5]);
    const deep = Uint8Array.of(0x00, 0x00, 0x40, 0x00, 0x00, 0xc0); // 0.5, -0.5 in 24 bits
    expect(Array.from((await decodeAudio(wav(1, 1, 48_000, 24, deep)))!.samples)).toEqual([0.5, -0.5]);
    const float = new Uint8Array(Float32Array.of(0.25, -0.75).buffer);
    expect(Array.from((await decodeAudio(wav(3, 1, 16_000, 32, float)))!.samples)).toEqual([0.25, -0.75]);
  });

  it('takes no file that is not a format it knows, and fails on a WAV it cannot read', async () => {
    expect(await decodeAudio(new TextEncoder().encode('MZ this is a program, not a recording'))).toBeUndefined();
    expect(() => wavDecoder.decode(wav(2, 1, 8000, 4, Uint8Array.of(1, 2)))).toThrow(/not plain PCM/); // ADPCM
    expect(() => wavDecoder.decode(new TextEncoder().encode('RIFF\0\0\0\0WAVEjunk'))).toThrow(/fmt and data/);
  });

  it('lets another format plug in as a decoder, tried in order', async () => {
    const fake: AudioDecoder = {
      accepts: (b) => b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33, // "ID3", as an mp3 starts
      decode: () => ({ samples: Float32Array.of(0.1), sampleRate: 44_100 }),
    };
    expect(await decodeAudio(new TextEncoder().encode('ID3 an mp3'), [wavDecoder, fake])).toEqual({
      samples: Float32Array.of(0.1),
      sampleRate: 44_100,
    });
  });
});
