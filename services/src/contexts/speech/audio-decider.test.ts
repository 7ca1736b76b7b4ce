import { describe, expect, it } from 'vitest';
import { AUDIO_MESSAGES } from '@verba/contracts';
import { fold } from '../../platform/decider/decider';
import { audioDecider, type AudioCommand } from './decider';

const at = new Date('2026-05-01T10:00:00.000Z');
const admin = '00000000-0000-4000-8000-000000000001';
const audio = {
  targetKind: 'chapter' as const,
  targetId: '00000000-0000-4000-8000-000000000002',
  file: `${'a'.repeat(64)}.wav`,
  contentType: 'audio/wav' as const,
  durationSeconds: 2,
  source: 'generated' as const,
  sentences: [{ start: 0, end: 2 }],
};
const attach: AudioCommand = { kind: 'attach', audio, by: admin, at };
const remove: AudioCommand = { kind: 'remove', targetKind: 'chapter', targetId: audio.targetId, by: admin, at };

describe('audio decider', () => {
  it('attaches with the acting admin, and the same audio again changes nothing', () => {
    const events = audioDecider.decide(attach, audioDecider.initialState());
    expect(events).toEqual([{ type: 'speech.AudioAttached', data: { ...audio, by: admin, at: at.toISOString() } }]);
    const state = fold(audioDecider, events);
    expect(audioDecider.decide(attach, state)).toEqual([]);
    expect(audioDecider.decide({ ...attach, audio: { ...audio, sentences: [{ start: 0, end: 1.9 }] } }, state)).toHaveLength(1);
  });

  it('removes attached audio, and refuses to remove none', () => {
    const state = fold(audioDecider, audioDecider.decide(attach, audioDecider.initialState()));
    expect(audioDecider.decide(remove, state)).toEqual([
      { type: 'speech.AudioRemoved', data: { targetKind: 'chapter', targetId: audio.targetId, by: admin, at: at.toISOString() } },
    ]);
    expect(() => audioDecider.decide(remove, audioDecider.initialState())).toThrow(AUDIO_MESSAGES.noAudio);
  });
});
