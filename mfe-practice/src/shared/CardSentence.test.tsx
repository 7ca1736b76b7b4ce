// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAll } from '../test/cleanup';
import { CardSentence } from './CardSentence';

afterEach(resetAll);

const marks = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('a card’s sentence', () => {
  it('highlights the word and links back to the article it came from', () => {
    const { container } = render(
      <CardSentence
        sentence="Die Tür des Hauses ist rot."
        word="das Haus"
        languageCode="de"
        origin="article"
        originId="a 1"
        originName="Mein Haus"
      />,
    );
    expect(container.querySelector('p')?.textContent).toBe('Die Tür des Hauses ist rot.');
    expect(marks(container)).toEqual(['Hauses']);
    expect(screen.getByRole('link', { name: 'Open the article: Mein Haus' }).getAttribute('href')).toBe('/app/library/a%201');
  });

  it('links a chapter’s sentence to the course chapter', () => {
    render(<CardSentence sentence="Я читаю книгу." word="книгу" languageCode="ru" origin="chapter" originId="c1" />);
    expect(screen.getByText('книгу').tagName).toBe('MARK');
    expect(screen.getByRole('link', { name: 'Open the chapter' }).getAttribute('href')).toBe('/app/courses/chapter/c1');
  });

  it('has no link for a sentence without a text', () => {
    render(<CardSentence sentence="Ich gehe." word="gehen" languageCode="de" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
