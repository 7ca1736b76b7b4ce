import { describe, expect, it } from 'vitest';
import { pcm16ToWav } from '../adapters/wav';
import { durationOf, joinPieces, sniffAudio } from './audio-files';

const wav = (seconds: number, rate = 22050) => Buffer.from(pcm16ToWav(new Int16Array(Math.round(seconds * rate)).fill(300), rate));
/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz: 417-byte frames of 1152 samples. */
const mp3 = (frames: number, id3 = false) => {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 5]), Buffer.alloc(5)]);
  return Buffer.concat([...(id3 ? [tag] : []), ...Array.from({ length: frames }, () => frame)]);
};
/** An Ogg Vorbis file's first page (identification header at 44.1 kHz) and a last page at the granule. */
const ogg = (granule: number) => {
  const page = (payload: Buffer, position: number) => {
    const head = Buffer.alloc(27);
    head.write('OggS', 0, 'latin1');
    head.writeBigInt64LE(BigInt(position), 6);
    head[26] = 1;
    return Buffer.concat([head, Buffer.from([payload.length]), payload]);
  };
  const ident = Buffer.alloc(30);
  ident.write('\x01vorbis', 0, 'latin1');
  ident.writeUInt32LE(44100, 12);
  return Buffer.concat([page(ident, 0), page(Buffer.alloc(40, 1), granule)]);
};

describe('audio files by their bytes', () => {
  it('knows WAV, MP3 (with or without a tag) and Ogg, and nothing else', () => {
    expect(sniffAudio(wav(0.1))).toBe('audio/wav');
    expect(sniffAudio(mp3(2))).toBe('audio/mpeg');
    expect(sniffAudio(mp3(2, true))).toBe('audio/mpeg');
    expect(sniffAudio(ogg(44100))).toBe('audio/ogg');
    expect(sniffAudio(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]))).toBeUndefined();
    expect(sniffAudio(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('reads how long each plays', () => {
    expect(durationOf(wav(1.5), 'audio/wav')).toBeCloseTo(1.5, 3);
    expect(durationOf(mp3(100, true), 'audio/mpeg')).toBeCloseTo((100 * 1152) / 44100, 6);
    expect(durationOf(ogg(88200), 'audio/ogg')).toBe(2);
    expect(durationOf(Buffer.from('RIFF\0\0\0\0WAVEjunk'), 'audio/wav')).toBeUndefined();
  });

  it('joins generated pieces into one file and keeps each piece’s length', () => {
    const joined = joinPieces([wav(0.5), wav(1.25)], 'audio/wav')!;
    expect(joined.durations.map((d) => Math.round(d * 100) / 100)).toEqual([0.5, 1.25]);
    expect(durationOf(joined.bytes, 'audio/wav')).toBeCloseTo(1.75, 3);
    const mp3s = joinPieces([mp3(10, true), mp3(5, true)], 'audio/mpeg')!;
    expect(durationOf(mp3s.bytes, 'audio/mpeg')).toBeCloseTo((15 * 1152) / 44100, 6);
    expect(joinPieces([wav(0.5), wav(0.5, 16000)], 'audio/wav')).toBeUndefined();
  });
});
