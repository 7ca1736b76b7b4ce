import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { VOICE_IDS, wrapForSpeech } from '@verba/contracts';
import { createEspeakSynthesizer, ESPEAK_UNAVAILABLE, ESPEAK_VOICES, fixWavSizes } from './espeak';
import { SpeechUnavailableError } from './synthesizer';

const installed = spawnSync('espeak-ng', ['--version']).status === 0;
// CI installs espeak-ng (apt-get install -y espeak-ng): there a missing engine is a failure, not a skip.
if (!installed && process.env.CI) throw new Error('CI requires espeak-ng (apt-get install -y espeak-ng)');

const wavInfo = (wav: Buffer) => ({
  riff: wav.toString('ascii', 0, 4),
  wave: wav.toString('ascii', 8, 12),
  riffSize: wav.readUInt32LE(4),
  dataSize: wav.readUInt32LE(40),
});

describe.skipIf(!installed)(`espeak-ng adapter${installed ? '' : ' (skipped: espeak-ng is not installed here; CI runs it)'}`, () => {
  const espeak = createEspeakSynthesizer();

  it('produces a real WAV file with correct sizes for an SSML sentence', async () => {
    const { audio, contentType } = await espeak.synthesize({ ssml: wrapForSpeech('Guten Morgen! Vier Brötchen, bitte.'), voiceId: 'Marlene' });
    expect(contentType).toBe('audio/wav');
    const wav = Buffer.from(audio);
    expect(wav.length).toBeGreaterThan(20_000); // about a second of 22 kHz 16-bit speech at least
    expect(wavInfo(wav)).toEqual({ riff: 'RIFF', wave: 'WAVE', riffSize: wav.length - 8, dataSize: wav.length - 44 });
  });

  it('speaks every offered voice, slower speech is longer, and the break tag is read as SSML, not spoken', async () => {
    const sizes = new Map<string, number>();
    for (const voiceId of VOICE_IDS) {
      const { audio } = await espeak.synthesize({ ssml: wrapForSpeech('Bonjour, hola, привет'), voiceId });
      sizes.set(voiceId, audio.length);
    }
    expect([...sizes.values()].every((n) => n > 10_000)).toBe(true);
    const normal = (await espeak.synthesize({ ssml: wrapForSpeech('Das Wasser war kalt'), voiceId: 'Hans' })).audio.length;
    const slow = (await espeak.synthesize({ ssml: wrapForSpeech('Das Wasser war kalt', 0.5), voiceId: 'Hans' })).audio.length;
    expect(slow).toBeGreaterThan(normal * 1.5);
    // Were the markup spoken as words ("speak break time ..."), the audio would be several times longer.
    const bare = (await espeak.synthesize({ ssml: '<speak>Das Wasser war kalt</speak>', voiceId: 'Hans' })).audio.length;
    expect(normal - bare).toBeLessThan(22_050 * 2 * 0.4);
  });

  it('maps every Polly voice to an espeak-ng voice of its language', () => {
    expect(Object.keys(ESPEAK_VOICES).sort()).toEqual([...VOICE_IDS].sort());
    expect(ESPEAK_VOICES.Mia.startsWith('es-419')).toBe(true);
    expect(ESPEAK_VOICES.Maxim.startsWith('ru')).toBe(true);
  });
});

describe('espeak-ng adapter without espeak-ng', () => {
  it('reports the engine as unavailable', async () => {
    const missing = createEspeakSynthesizer({ command: 'espeak-ng-not-installed-here' });
    const failure = missing.synthesize({ ssml: wrapForSpeech('Hallo'), voiceId: 'Hans' });
    await expect(failure).rejects.toBeInstanceOf(SpeechUnavailableError);
    await expect(failure).rejects.toThrow(ESPEAK_UNAVAILABLE);
  });

  it('writes the real sizes into a streamed WAV header', () => {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(0x7ffff024, 4);
    header.write('WAVEfmt ', 8, 'ascii');
    header.writeUInt32LE(16, 16);
    header.write('data', 36, 'ascii');
    header.writeUInt32LE(0x7ffff000, 40);
    const wav = fixWavSizes(Buffer.concat([header, Buffer.alloc(1000)]));
    expect(wavInfo(wav)).toMatchObject({ riffSize: 1036, dataSize: 1000 });
  });
});
