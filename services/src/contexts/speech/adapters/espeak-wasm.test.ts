import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_UNAVAILABLE, VOICE_IDS, wrapForSpeech, type VoiceId } from '@verba/contracts';
import { createEspeakWasmSynthesizer, ESPEAK_VOICES } from './espeak-wasm';
import { SpeechUnavailableError } from './synthesizer';

/** What a player reads from the header, plus the length and loudness of the sound itself. */
function wavInfo(wav: Buffer) {
  const sampleRate = wav.readUInt32LE(24);
  const samples = (wav.length - 44) / 2;
  let energy = 0;
  for (let i = 44; i + 1 < wav.length; i += 2) energy += wav.readInt16LE(i) ** 2;
  return {
    header: [wav.toString('ascii', 0, 4), wav.toString('ascii', 8, 16), wav.toString('ascii', 36, 40)],
    riffSize: wav.readUInt32LE(4) === wav.length - 8,
    dataSize: wav.readUInt32LE(40) === wav.length - 44,
    format: { pcm: wav.readUInt16LE(20), channels: wav.readUInt16LE(22), bits: wav.readUInt16LE(34), sampleRate },
    seconds: samples / sampleRate,
    rms: Math.sqrt(energy / samples),
  };
}

// The acceptance case: no espeak-ng binary on PATH (this machine has none; CI may, so hide it).
const originalPath = process.env.PATH ?? '';
const pathWithoutEspeak = originalPath
  .split(path.delimiter)
  .filter((dir) => !existsSync(path.join(dir, 'espeak-ng')))
  .join(path.delimiter);

describe('espeak-ng compiled to WebAssembly, with no espeak-ng on PATH', () => {
  const espeak = createEspeakWasmSynthesizer();
  const say = async (text: string, voiceId: VoiceId, speed = 1) => {
    const { audio, contentType } = await espeak.synthesize({ ssml: wrapForSpeech(text, speed), voiceId });
    expect(contentType).toBe('audio/wav');
    return Buffer.from(audio);
  };

  beforeAll(() => {
    process.env.PATH = pathWithoutEspeak;
    expect(spawnSync('espeak-ng', ['--version']).error).toMatchObject({ code: 'ENOENT' });
  });
  afterAll(async () => {
    process.env.PATH = originalPath;
    await espeak.close?.();
  });

  it.each([
    ['Marlene', 'Guten Morgen! Vier Brötchen, bitte.'],
    ['Celine', 'Bonjour, je voudrais un café, s’il vous plaît.'],
    ['Mia', 'Buenos días, ¿dónde está la estación?'],
    ['Tatyana', 'Доброе утро! Где находится вокзал?'],
  ] as const)('speaks %s: a valid WAV file of real, audible speech', async (voiceId, sentence) => {
    const info = wavInfo(await say(sentence, voiceId));
    expect(info).toMatchObject({
      header: ['RIFF', 'WAVEfmt ', 'data'],
      riffSize: true,
      dataSize: true,
      format: { pcm: 1, channels: 1, bits: 16, sampleRate: 22050 },
    });
    expect(info.seconds).toBeGreaterThan(1); // a short sentence spoken, not a click
    expect(info.seconds).toBeLessThan(8);
    expect(info.rms).toBeGreaterThan(500); // silence or noise-floor output would be near 0
  });

  it('speaks every offered voice, each variant differently, slower speech is longer, and the break is read as SSML', async () => {
    const voices = new Map<VoiceId, string>();
    for (const voiceId of VOICE_IDS) voices.set(voiceId, (await say('Bonjour, hola, привет', voiceId)).toString('base64'));
    expect(new Set(voices.values()).size).toBe(VOICE_IDS.length);

    const normal = wavInfo(await say('Das Wasser war kalt', 'Hans')).seconds;
    const slow = wavInfo(await say('Das Wasser war kalt', 'Hans', 0.5)).seconds;
    expect(slow).toBeGreaterThan(normal * 1.5);
    // Were the markup spoken as words ("speak break time ..."), the audio would be seconds longer.
    const bare = wavInfo(
      Buffer.from((await espeak.synthesize({ ssml: '<speak>Das Wasser war kalt</speak>', voiceId: 'Hans' })).audio),
    ).seconds;
    expect(Math.abs(normal - bare)).toBeLessThan(0.4);
  });

  it('keeps text as text: markup in the learner’s text is spoken escaped, never run', async () => {
    const info = wavInfo(await say('<b>Tom</b> & Jerry', 'Hans'));
    expect(info.seconds).toBeGreaterThan(0.5);
  });

  it('takes well under a second a sentence, off the event loop', async () => {
    await say('Warm', 'Marlene');
    const started = performance.now();
    await say('Die Kinder spielten im Garten, während die Sonne über den Bergen schien.', 'Marlene');
    expect(performance.now() - started).toBeLessThan(1000);

    // A long paragraph takes the engine most of a second; the event loop keeps turning meanwhile.
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 5);
    const paragraph = 'Das Wasser war kalt, und die Sonne schien über den Bergen, während die Kinder spielten. '.repeat(30);
    const long = wavInfo(await say(paragraph, 'Hans'));
    clearInterval(ticker);
    expect(long.seconds).toBeGreaterThan(60);
    expect(longestGap).toBeLessThan(250);
  });

  it('maps every Polly voice to an espeak-ng voice of its language', () => {
    expect(Object.keys(ESPEAK_VOICES).sort()).toEqual([...VOICE_IDS].sort());
    expect(ESPEAK_VOICES.Mia.startsWith('es-419')).toBe(true);
    expect(ESPEAK_VOICES.Maxim.startsWith('ru')).toBe(true);
  });
});

describe('espeak-ng WebAssembly thread', () => {
  it('answers calls made together, each with its own audio, ends after an idle time and loads again on the next call', async () => {
    const espeak = createEspeakWasmSynthesizer({ idleMs: 50 });
    const say = (text: string) => espeak.synthesize({ ssml: wrapForSpeech(text), voiceId: 'Hans' }).then((a) => Buffer.from(a.audio));
    try {
      const [hallo, lang, kurz] = await Promise.all([say('Hallo'), say('Ein etwas längerer Satz mit mehr Wörtern.'), say('Ja')]);
      expect(lang!.length).toBeGreaterThan(hallo!.length);
      expect(hallo!.length).toBeGreaterThan(kurz!.length);
      await new Promise((r) => setTimeout(r, 300));
      expect((await say('Hallo')).equals(hallo!)).toBe(true);
    } finally {
      await espeak.close?.();
    }
  });

  it('ends a synthesis that takes too long, and speaks again on the next call', async () => {
    const espeak = createEspeakWasmSynthesizer({ timeoutMs: 1 });
    try {
      const paragraph = 'Das Wasser war kalt, und die Sonne schien über den Bergen. '.repeat(40);
      await expect(espeak.synthesize({ ssml: wrapForSpeech(paragraph), voiceId: 'Hans' })).rejects.toThrow(
        'espeak-ng took longer than 1 ms',
      );
    } finally {
      await espeak.close?.();
    }
    const patient = createEspeakWasmSynthesizer();
    try {
      expect((await patient.synthesize({ ssml: wrapForSpeech('Hallo'), voiceId: 'Hans' })).audio.length).toBeGreaterThan(10_000);
    } finally {
      await patient.close?.();
    }
  });

  it('reports speech as unavailable when the engine cannot load, and tries again on the next call', async () => {
    const missing = createEspeakWasmSynthesizer({ engine: '@verba/no-such-speech-engine' });
    for (let attempt = 0; attempt < 2; attempt++) {
      const failure = missing.synthesize({ ssml: wrapForSpeech('Hallo'), voiceId: 'Hans' });
      await expect(failure).rejects.toBeInstanceOf(SpeechUnavailableError);
      await expect(failure).rejects.toThrow(SPEECH_UNAVAILABLE);
    }
    expect(SPEECH_UNAVAILABLE).toBe('Speech is unavailable on this server');
  });
});
