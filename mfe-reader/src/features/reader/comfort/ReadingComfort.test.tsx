// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { positions } from '@verba/kit';
import { KitProviders, queryClient } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json, profile } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from '../components/ReaderPage';

const CONTENT = 'Der Hund läuft schnell. Die Katze schläft.';
const textBox = () => document.querySelector<HTMLElement>('.rd-text')?.parentElement as HTMLElement;
const style = (name: string) => textBox().style.getPropertyValue(name);

/** The reader over a profile the server keeps: a settings write merges into it as the projection does. */
function serverWith(reader: Record<string, unknown> | undefined) {
  const settings: Record<string, unknown> = reader ? { reader } : {};
  let writes = 0;
  return mockReader(CONTENT, {
    'GET /api/user/profile': () => json(profile(structuredClone(settings))),
    'PATCH /api/user/settings': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { reader: Record<string, unknown> };
      settings['reader'] = { ...(settings['reader'] as object), ...body.reader };
      return json({ profile: profile(structuredClone(settings)), position: `9.${++writes}` });
    },
  });
}

async function openReader() {
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
  await screen.findByRole('heading', { name: 'Der Hund' });
}

async function openText() {
  fireEvent.click(screen.getByRole('button', { name: /Text/ }));
  return screen.findByRole('dialog', { name: 'Text' });
}

const choose = (dialog: HTMLElement, group: string, option: string) =>
  fireEvent.click(within(within(dialog).getByRole('group', { name: group })).getByRole('radio', { name: option }));

resetAfterEach();

describe('Reading comfort ("Text" in the reader\'s tools)', () => {
  it("shows today's look until the learner chooses, and the tools without a translation", async () => {
    serverWith(undefined);
    await openReader();
    expect(screen.queryByRole('button', { name: 'Show the translation' })).toBeNull();
    await waitFor(() => expect(style('--rd-text-size')).toBe('1.2rem'));
    expect(style('--rd-line-height')).toBe('1.9');
    expect(style('--rd-column-width')).toBe('none');
    expect(textBox().dataset['rdTheme']).toBe('app');

    const dialog = await openText();
    for (const [group, checked] of [
      ['Text size', 'Medium'],
      ['Line spacing', 'Normal'],
      ['Column width', 'Wide'],
      ['Font', 'Default'],
      ['Colours', 'Follow the app'],
    ]) {
      expect(
        within(within(dialog).getByRole('group', { name: group })).getByRole<HTMLInputElement>('radio', { name: checked }).checked,
      ).toBe(true);
    }
  });

  it('applies each control to the text at once and saves it to the profile', async () => {
    const fetchMock = serverWith(undefined);
    await openReader();
    const dialog = await openText();

    choose(dialog, 'Text size', 'Largest');
    expect(style('--rd-text-size')).toBe('1.75rem');
    choose(dialog, 'Line spacing', 'Wide');
    expect(style('--rd-line-height')).toBe('2.7');
    choose(dialog, 'Column width', 'Narrow');
    expect(style('--rd-column-width')).toBe('40ch');
    choose(dialog, 'Font', 'OpenDyslexic');
    expect(style('--rd-font')).toMatch(/^OpenDyslexic,/);
    choose(dialog, 'Font', 'Atkinson Hyperlegible');
    expect(style('--rd-font')).toMatch(/^"Atkinson Hyperlegible",/);
    choose(dialog, 'Colours', 'Sepia');
    expect(textBox().dataset['rdTheme']).toBe('sepia');

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/user/settings')).toHaveLength(6));
    expect(callsTo(fetchMock, 'PATCH', '/api/user/settings').map((c) => (c.body as { reader: unknown }).reader)).toEqual([
      { textSize: 'xl' },
      { lineSpacing: 'wide' },
      { columnWidth: 'narrow' },
      { font: 'opendyslexic' },
      { font: 'atkinson' },
      { theme: 'sepia' },
    ]);

    // Closing with Escape gives the focus back to the button.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Text/ }));
  });

  it('opens the next time with what the profile keeps', async () => {
    serverWith(undefined);
    await openReader();
    const dialog = await openText();
    choose(dialog, 'Text size', 'Large');
    choose(dialog, 'Colours', 'Dark');
    choose(dialog, 'Font', 'Serif');
    await waitFor(() => expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(5));
    await new Promise((r) => setTimeout(r, 50));
    cleanup();
    queryClient.clear();
    positions.reset();

    // A new page load: only the server's profile knows the choices (the mock keeps what was written).
    await openReader();
    await waitFor(() => expect(style('--rd-text-size')).toBe('1.45rem'));
    expect(textBox().dataset['rdTheme']).toBe('dark');
    expect(style('--rd-font')).toMatch(/^Georgia/);
    expect(style('--rd-line-height')).toBe('1.9');
  });
});
