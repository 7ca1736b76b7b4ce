import { describe, expect, it } from 'vitest';
import { detailsOf, labelOf } from './history';

describe('history details', () => {
  it("shows an event's short values but never sealed text or whose key sealed it", () => {
    const data = {
      articleId: 'a',
      name: 's1.i32ixZDgUBr0EOmXjJCw1tK4YSOdkYXSR8CHd4l53a8ELi0U6MpEUuQfnQwl',
      level: 'A1',
      isPrivate: false,
      sealedFor: 'u-1',
      reason: 'Please add a source.',
    };
    expect(detailsOf(data)).toEqual([
      { field: 'level', value: 'A1' },
      { field: 'isPrivate', value: 'false' },
      { field: 'reason', value: 'Please add a source.' },
    ]);
    expect(labelOf('identity.RoleChanged')).toBe('Role changed');
  });
});
