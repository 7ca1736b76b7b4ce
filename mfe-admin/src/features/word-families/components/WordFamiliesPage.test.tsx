// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { WordFamiliesPage } from './WordFamiliesPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

resetAfterEach();

/** The admin look-up and correction over one dictionary (es "sé" -> "ser", wrongly), kept as the server keeps it. */
function mockCorrections() {
  const corrections = new Map<string, string>();
  const writes: unknown[] = [];
  const reads: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://verba.test');
      if (url.pathname !== '/api/admin/word-families') throw new Error(`unexpected ${input}`);
      if ((init?.method ?? 'GET') === 'GET') {
        reads.push(url);
        const word = url.searchParams.get('word')!;
        const base = corrections.get(word);
        return json({
          languageCode: url.searchParams.get('languageCode'),
          word,
          dictionaryBase: word === 'sé' ? 'ser' : word,
          correction: base ? { base, correctedBy: '0a1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f400', correctedAt: '2026-12-06T10:00:00.000Z' } : null,
        });
      }
      const body = JSON.parse(String(init?.body)) as { word: string; base: string | null };
      writes.push(body);
      if (body.base) corrections.set(body.word, body.base);
      else corrections.delete(body.word);
      return json({ changed: 1, position: `4.${writes.length}` });
    }),
  );
  return { writes, reads };
}

const renderPage = () =>
  render(
    <KitProviders>
      <WordFamiliesPage />
    </KitProviders>,
  );

describe('the admin word families page', () => {
  it('looks a form up, corrects its base word for everyone, and takes the correction back', async () => {
    const { writes, reads } = mockCorrections();
    renderPage();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    fireEvent.change(screen.getByLabelText('Word'), { target: { value: 'Sé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const found = await screen.findByRole('region', { name: 'Base word of “sé”' });
    expect(within(found).getByText('ser')).toBeTruthy();
    expect(reads[0]!.searchParams.get('languageCode')).toBe('es');

    fireEvent.change(within(found).getByLabelText('Correct base word'), { target: { value: 'Saber' } });
    fireEvent.click(within(found).getByRole('button', { name: 'Save for everyone' }));
    await waitFor(() => expect(writes).toEqual([expect.objectContaining({ languageCode: 'es', word: 'sé', base: 'saber' })]));
    expect(await within(found).findByText(/^saber \(since/)).toBeTruthy();
    // Read again at the correction's position.
    expect(reads.at(-1)!.searchParams.get('minPosition')).toBe('4.1');
    expect(toastStore.get().map((t) => t.title)).toContain('The base word of “sé” is now “saber” for everyone.');

    fireEvent.click(within(found).getByRole('button', { name: 'Remove the correction' }));
    await waitFor(() => expect(writes[1]).toEqual(expect.objectContaining({ word: 'sé', base: null })));
    await waitFor(() => expect(within(found).queryByRole('button', { name: 'Remove the correction' })).toBeNull());
  });

  it('says a word is needed, and sends nothing without one', async () => {
    const { writes, reads } = mockCorrections();
    renderPage();
    fireEvent.change(screen.getByLabelText('Word'), { target: { value: '…' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Type a word.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Word'), { target: { value: 'seine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const found = await screen.findByRole('region', { name: 'Base word of “seine”' });
    expect(within(found).getByText('none (“seine” is its own base word)')).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: 'Save for everyone' }));
    expect(await within(found).findByText('Type a word.')).toBeTruthy();
    expect(writes).toEqual([]);
    expect(reads).toHaveLength(1);
  });
});
