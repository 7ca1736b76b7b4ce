/// <reference types="node" />
// @vitest-environment node
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { punctuationProblems, punctuationProblemsIn } from '../../shell/kit/src/text/message-punctuation';

describe('messages', () => {
  it('are punctuated one way: errors are sentences with a full stop, success notices have none', () => {
    const { files, problems } = punctuationProblemsIn(dirname(fileURLToPath(import.meta.url)));
    expect(files).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    // The check sees what it is for.
    expect(punctuationProblems('x.tsx', "toast({ title: 'Could not save', variant: 'destructive' })")).toHaveLength(1);
  });
});
