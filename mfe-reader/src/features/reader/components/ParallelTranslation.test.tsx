// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { article, json } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

const CONTENT = 'Der Hund läuft.\n\nDie Katze schläft.\n\nDer Hund bellt.';
const TRANSLATION = 'The dog runs.\n\nThe cat <b>sleeps</b>.';
const withTranslation = (translation: string) => ({
  [`GET /api/articles/${ARTICLE_ID}`]: () => json(article({ id: ARTICLE_ID, name: 'Der Hund', content: CONTENT, translation })),
});
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
const toggle = () => screen.queryByRole('button', { name: 'Show the translation' });
const rows = () =>
  [...document.querySelectorAll('.rd-text .rd-para')].map((row) => [
    row.querySelector('.rd-para__original')?.textContent,
    row.querySelector('.rd-para__translation')?.textContent,
  ]);

resetAfterEach();
afterEach(() => session.reset());

describe('the article translation beside the text', () => {
  it('offers no toggle when the article has no translation', async () => {
    mockReader(CONTENT, withTranslation('  \n'));
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    await screen.findAllByRole('button', { name: 'Der' });
    expect(toggle()).toBeNull();
    expect(document.querySelector('.rd-para')).toBeNull();
  });

  it('pairs the paragraphs by index when turned on, as text, and puts the text back when turned off', async () => {
    session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de' });
    mockReader(CONTENT, withTranslation(TRANSLATION));
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const button = await screen.findByRole('button', { name: 'Show the translation' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(rows()).toEqual([]);

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    // The third paragraph has no translation: nothing beside it.
    expect(rows()).toEqual([
      ['Der Hund läuft.', 'The dog runs.'],
      ['Die Katze schläft.', 'The cat <b>sleeps</b>.'],
      ['Der Hund bellt.', ''],
    ]);
    expect(document.querySelector('.rd-text b')).toBeNull();
    // The words are still the reader's: a click opens the word.
    fireEvent.click(document.querySelectorAll<HTMLElement>('[data-key="katze"]')[0]!);
    expect(document.querySelector('.rd-panel__word')?.textContent).toBe('Katze');

    fireEvent.click(button);
    expect(rows()).toEqual([]);
    expect(document.querySelector('.rd-text')?.textContent).toBe(CONTENT);
  });

  it('remembers the choice for the learner, not for another one in the same browser', async () => {
    session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de' });
    mockReader(CONTENT, withTranslation(TRANSLATION));
    const first = renderReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Show the translation' }));
    first.unmount();

    renderReader();
    expect((await screen.findByRole('button', { name: 'Show the translation' })).getAttribute('aria-pressed')).toBe('true');
    expect(rows()).toHaveLength(3);

    session.setUser({ uid: 'u2', name: 'Max', email: 'max@example.org', role: 'User', currentLearningLanguage: 'de' });
    await screen.findByRole('button', { name: 'Show the translation', pressed: false });
    expect(rows()).toEqual([]);
  });
});
