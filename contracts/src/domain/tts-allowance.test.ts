import { describe, it, expect } from 'vitest';
import { ttsAllowance } from './tts-allowance';

const JAN_31_LAST_MS = Date.UTC(2025, 0, 31, 23, 59, 59, 999);
const FEB_1_FIRST_MS = Date.UTC(2025, 1, 1, 0, 0, 0, 0);
const MID_FEB = Date.UTC(2025, 1, 15);

describe('ttsAllowance: free', () => {
  it('allows the 50th call of the month and refuses the 51st', () => {
    expect(ttsAllowance('free', { ttsApiCalls: 48, lastTtsApiCallStamp: MID_FEB }, MID_FEB)).toEqual({
      allowed: true,
      callsUsedAfter: 49,
      remaining: 1,
    });
    expect(ttsAllowance('free', { ttsApiCalls: 49, lastTtsApiCallStamp: MID_FEB }, MID_FEB)).toEqual({
      allowed: true,
      callsUsedAfter: 50,
      remaining: 0,
    });
    expect(ttsAllowance('free', { ttsApiCalls: 50, lastTtsApiCallStamp: MID_FEB }, MID_FEB)).toEqual({
      allowed: false,
      callsUsedAfter: 50,
      remaining: 0,
    });
  });

  it('starts a new user at 49 remaining', () => {
    expect(ttsAllowance('free', { ttsApiCalls: 0 }, MID_FEB)).toEqual({
      allowed: true,
      callsUsedAfter: 1,
      remaining: 49,
    });
  });

  it('resets when the last call was in an earlier UTC month (1 ms across the boundary)', () => {
    expect(ttsAllowance('free', { ttsApiCalls: 50, lastTtsApiCallStamp: JAN_31_LAST_MS }, FEB_1_FIRST_MS)).toEqual({
      allowed: true,
      callsUsedAfter: 1,
      remaining: 49,
    });
  });

  it('does not reset within the same UTC month, even a whole month of ms apart', () => {
    const firstOfJan = Date.UTC(2025, 0, 1);
    expect(ttsAllowance('free', { ttsApiCalls: 50, lastTtsApiCallStamp: firstOfJan }, JAN_31_LAST_MS).allowed).toBe(false);
  });

  it('resets across a year boundary even when the month number is higher', () => {
    const dec = Date.UTC(2024, 11, 31, 23, 0);
    const jan = Date.UTC(2025, 0, 1, 1, 0);
    expect(ttsAllowance('free', { ttsApiCalls: 50, lastTtsApiCallStamp: dec }, jan).allowed).toBe(true);
  });

  it('keeps the count when the stamp is later than now (clock skew)', () => {
    expect(ttsAllowance('free', { ttsApiCalls: 50, lastTtsApiCallStamp: FEB_1_FIRST_MS }, JAN_31_LAST_MS).allowed).toBe(false);
  });

  it('ignores a counter without a stamp', () => {
    expect(ttsAllowance('free', { ttsApiCalls: 50 }, MID_FEB)).toEqual({ allowed: true, callsUsedAfter: 1, remaining: 49 });
  });
});

describe('ttsAllowance: master', () => {
  it('is unlimited but still counts calls in the month', () => {
    expect(ttsAllowance('master', { ttsApiCalls: 500, lastTtsApiCallStamp: MID_FEB }, MID_FEB)).toEqual({
      allowed: true,
      callsUsedAfter: 501,
      remaining: 'unlimited',
    });
    expect(ttsAllowance('master', { ttsApiCalls: 500, lastTtsApiCallStamp: JAN_31_LAST_MS }, FEB_1_FIRST_MS)).toEqual({
      allowed: true,
      callsUsedAfter: 1,
      remaining: 'unlimited',
    });
  });
});
