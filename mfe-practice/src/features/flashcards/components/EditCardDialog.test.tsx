// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readingSentences } from '@verba/contracts/http';
import { resetAll } from '../../../test/cleanup';
import { card, json, mockApi, renderSignedIn } from '../../../test/practice-api';
import { EditCardDialog } from './EditCardDialog';

afterEach(resetAll);

const HAUS = card({ sourceValue: 'das Haus', targetValue: 'the house', sentence: 'Das Haus ist alt.' });
const ARTICLE = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const CHAPTER = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const FOUND = readingSentences.response.parse({
  sentences: [
    { sentence: 'Die Tür des Hauses ist rot.', origin: 'article', originId: ARTICLE, articleId: ARTICLE, title: 'Am See' },
    { sentence: 'Ein Haus steht im Wald.', origin: 'article', originId: ARTICLE, articleId: ARTICLE, title: 'Am See' },
    { sentence: 'Unser Haus hat einen Garten.', origin: 'chapter', originId: CHAPTER, title: 'Im Garten' },
  ],
});

function open(api: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  const calls = mockApi({ 'PATCH /api/flashcards/one': () => json({ changed: 1, position: '5.1' }), ...api });
  const onClose = vi.fn();
  renderSignedIn(<EditCardDialog card={HAUS} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Edit flashcard' });
  return { calls, onClose, dialog, sentence: within(dialog).getByLabelText('Sentence') as HTMLTextAreaElement };
}

const save = async (dialog: HTMLElement) => act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

describe('editing a card’s sentence', () => {
  it('saves an edited sentence, trimmed', async () => {
    const { calls, onClose, dialog, sentence } = open();
    expect(sentence.value).toBe('Das Haus ist alt.');
    fireEvent.change(sentence, { target: { value: '  Das Haus ist neu.  ' } });
    await save(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.to('PATCH /api/flashcards/one')[0]?.body).toMatchObject({
      id: HAUS.id,
      sourceValue: 'das Haus',
      targetValue: 'the house',
      sentence: 'Das Haus ist neu.',
    });
  });

  it('sends an emptied sentence as none, and refuses one over 1000 characters in place', async () => {
    const { calls, dialog, sentence } = open();
    fireEvent.change(sentence, { target: { value: 'x'.repeat(1001) } });
    await save(dialog);
    expect(within(dialog).getByText('A sentence has at most 1000 characters')).toBeTruthy();
    expect(calls.to('PATCH /api/flashcards/one')).toHaveLength(0);
    fireEvent.change(sentence, { target: { value: '   ' } });
    await save(dialog);
    await waitFor(() => expect(calls.to('PATCH /api/flashcards/one')).toHaveLength(1));
    expect(calls.to('PATCH /api/flashcards/one')[0]?.body).toMatchObject({ sentence: '' });
  });

  it('finds sentences in the learner’s reading and puts the picked one, with its article, on the card', async () => {
    const { calls, onClose, dialog, sentence } = open({ 'GET /api/articles/sentences': () => json(FOUND) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find a sentence in my reading' }));
    const list = await within(dialog).findByRole('list', { name: 'Sentences from your reading' });
    expect(calls.to('GET /api/articles/sentences')[0]?.query.get('word')).toBe('das Haus');
    expect(calls.to('GET /api/articles/sentences')[0]?.query.get('languageCode')).toBe('de');
    const choice = within(list).getByRole('button', { name: 'Die Tür des Hauses ist rot. (Am See)' });
    expect(choice.querySelector('mark')?.textContent).toBe('Hauses');

    fireEvent.click(choice);
    expect(sentence.value).toBe('Die Tür des Hauses ist rot.');
    expect(within(dialog).queryByRole('list', { name: 'Sentences from your reading' })).toBeNull();
    expect(within(dialog).getByText('From the article: Am See')).toBeTruthy();
    await save(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.to('PATCH /api/flashcards/one')[0]?.body).toMatchObject({
      id: HAUS.id,
      sourceValue: 'das Haus',
      targetValue: 'the house',
      sentence: 'Die Tür des Hauses ist rot.',
      origin: 'article',
      originId: ARTICLE,
      originName: 'Am See',
    });
  });

  it('puts a sentence from a course chapter on the card with the chapter as its origin', async () => {
    const { calls, onClose, dialog, sentence } = open({ 'GET /api/articles/sentences': () => json(FOUND) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find a sentence in my reading' }));
    const list = await within(dialog).findByRole('list', { name: 'Sentences from your reading' });
    fireEvent.click(within(list).getByRole('button', { name: 'Unser Haus hat einen Garten. (Im Garten)' }));
    expect(sentence.value).toBe('Unser Haus hat einen Garten.');
    expect(within(dialog).getByText('From the chapter: Im Garten')).toBeTruthy();
    await save(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.to('PATCH /api/flashcards/one')[0]?.body).toMatchObject({
      sentence: 'Unser Haus hat einen Garten.',
      origin: 'chapter',
      originId: CHAPTER,
      originName: 'Im Garten',
    });
  });

  it('says so when no text the learner read has the word', async () => {
    const { dialog } = open({ 'GET /api/articles/sentences': () => json({ sentences: [] }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find a sentence in my reading' }));
    expect(await within(dialog).findByText('No text you have read has this word yet.')).toBeTruthy();
  });
});
