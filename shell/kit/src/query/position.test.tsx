// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { positions } from '@verba/kit';
import { useHeldPosition, useOpenedAt } from './position';

afterEach(() => {
  cleanup();
  positions.reset();
});

describe('useHeldPosition', () => {
  it('holds where the writes stood at mount until the view moves to the latest write', () => {
    positions.record('5.1');
    const { result } = renderHook(() => useHeldPosition());
    expect(result.current).toMatchObject({ held: '5.1', moved: false });
    act(() => positions.record('6.2'));
    expect(result.current).toMatchObject({ held: '5.1', moved: true });
    act(() => result.current.moveToLatest());
    expect(result.current).toMatchObject({ held: '6.2', moved: false });
  });

  it('useOpenedAt keeps the position at mount for the view’s life', () => {
    const { result } = renderHook(() => useOpenedAt());
    expect(result.current).toBeUndefined();
    act(() => positions.record('7.0'));
    expect(result.current).toBeUndefined();
  });
});
