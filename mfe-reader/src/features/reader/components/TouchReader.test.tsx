// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { NARROW, TOUCH_ONLY } from '../touch/media';
import { ReaderPage } from './ReaderPage';

const CONTENT = 'Der Hund läuft. der HUND schläft, und die Katze?\n\nDer Hund!';
/** Three pages of 250, 250 and 100 words. */
const LONG = ['eins', 'zwei', 'drei'].map((w, i) => `${Array.from({ length: i === 2 ? 99 : 249 }, () => w).join(' ')} ende${i}.`).join(' ');

/** The screen the reader runs on, as its media queries see it. */
function device({ narrow, touch }: { narrow: boolean; touch: boolean }) {
  const matches = (query: string) => (query === NARROW && narrow) || (query === TOUCH_ONLY && touch);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

async function openReader(content: string) {
  mockReader(content);
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
  await screen.findByRole('heading', { name: 'Der Hund' });
}

const word = (key: string) => document.querySelector<HTMLElement>(`.rd-text [data-key="${key}"]`) as HTMLElement;
const panel = () => document.querySelector<HTMLElement>('.rd-panel');
const text = () => document.querySelector('.rd-text') as HTMLElement;
const finger = { pointerType: 'touch', pointerId: 1, isPrimary: true, button: 0 };

/** A finger from (x1, y1) to (x2, y2) on `element`. */
function swipe(element: HTMLElement, [x1, y1]: [number, number], [x2, y2]: [number, number], pointer: object = finger) {
  fireEvent.pointerDown(element, { ...pointer, clientX: x1, clientY: y1 });
  fireEvent.pointerMove(element, { ...pointer, clientX: (x1 + x2) / 2, clientY: (y1 + y2) / 2 });
  fireEvent.pointerMove(element, { ...pointer, clientX: x2, clientY: y2 });
  fireEvent.pointerUp(element, { ...pointer, clientX: x2, clientY: y2 });
}

resetAfterEach();

describe('the reader on a phone', () => {
  it('shows no panel until a word is tapped, then a sheet without keyboard hints that its close button closes', async () => {
    device({ narrow: true, touch: true });
    await openReader(CONTENT);
    expect(panel()).toBeNull();
    fireEvent.click(word('hund'));
    expect(panel()?.className).toBe('rd-panel rd-panel--sheet');
    expect(screen.getByText('Hund', { selector: '.rd-panel__word' })).toBeTruthy();
    expect(screen.queryByText('Keyboard shortcuts')).toBeNull();
    expect(document.querySelector('.rd-reader')?.className).toContain('rd-reader--sheet-open');

    fireEvent.click(screen.getByRole('button', { name: 'Close the word panel' }));
    expect(panel()).toBeNull();
    expect(document.querySelectorAll('.rd-text [data-sel]')).toHaveLength(0);
    expect(document.querySelector('.rd-reader')?.className).toBe('rd-reader');
  });

  it('closes the sheet when its bar is dragged down far enough, and lets it spring back from a short drag', async () => {
    device({ narrow: true, touch: true });
    await openReader(CONTENT);
    fireEvent.click(word('katze'));
    const sheet = panel() as HTMLElement;
    Object.defineProperty(sheet, 'offsetHeight', { value: 420 }); // jsdom lays nothing out
    const bar = sheet.querySelector('.rd-sheet__bar') as HTMLElement;

    fireEvent.pointerDown(bar, { ...finger, clientX: 200, clientY: 450 });
    fireEvent.pointerMove(bar, { ...finger, clientX: 200, clientY: 480 });
    expect(sheet.style.transform).toBe('translateY(30px)'); // it follows the finger
    await new Promise((done) => setTimeout(done, 150)); // slowly: no flick
    fireEvent.pointerUp(bar, { ...finger, clientX: 200, clientY: 480 });
    expect(panel()).toBe(sheet);
    expect(sheet.style.transform).toBe('');

    swipe(bar, [200, 450], [200, 650]);
    expect(sheet.style.transform).toBe('translateY(100%)'); // slides out, then closes
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('turns the page on a sideways swipe of a finger across the text, and not on a mouse drag or a scroll', async () => {
    device({ narrow: true, touch: true });
    await openReader(LONG);
    await screen.findByText('Page 1 of 3');
    swipe(text(), [320, 300], [60, 320]);
    await screen.findByText('Page 2 of 3');
    expect(text().textContent?.trim().startsWith('zwei')).toBe(true);
    swipe(text(), [60, 300], [320, 300]);
    await screen.findByText('Page 1 of 3');

    swipe(text(), [320, 300], [60, 300], { ...finger, pointerType: 'mouse' }); // a mouse selects words instead
    swipe(text(), [200, 600], [180, 200]); // up: the page scrolls
    swipe(text(), [200, 300], [170, 300]); // too short
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('on a tablet (wide, touch) keeps the side panel, with a hint for fingers and no keyboard help', async () => {
    device({ narrow: false, touch: true });
    await openReader(CONTENT);
    expect(panel()?.className).toBe('rd-panel');
    expect(screen.getByText('Tap a word to see and mark it.')).toBeTruthy();
    expect(screen.queryByText('Keyboard shortcuts')).toBeNull();
  });
});

describe('the reader on a desktop', () => {
  it('keeps the side panel with its hint and keyboard help, and no close button', async () => {
    device({ narrow: false, touch: false });
    await openReader(CONTENT);
    expect(panel()?.className).toBe('rd-panel');
    expect(screen.getByText(/Click a word, or Tab into the text and use the arrow keys/)).toBeTruthy();
    expect(screen.getByText('Keyboard shortcuts')).toBeTruthy();
    fireEvent.click(word('hund'));
    expect(screen.getByText('Keyboard shortcuts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close the word panel' })).toBeNull();
  });

  it('says the status of a word once: the pressed button, not also a line above it', async () => {
    device({ narrow: false, touch: false });
    await openReader(CONTENT);
    fireEvent.click(word('läuft')); // once on the page
    /** Pieces of text in the panel that say `label` (but in the folded keyboard help). */
    const inPanel = (label: string) =>
      [...(panel()?.querySelectorAll('*') ?? [])]
        .filter((el) => !el.closest('.rd-help dl'))
        .flatMap((el) => [...el.childNodes])
        .filter((n) => n.nodeType === Node.TEXT_NODE && new RegExp(`\\b${label}\\b`).test(n.textContent ?? '')).length;
    expect(inPanel('New')).toBe(1);
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Known' }));
    expect(inPanel('Known')).toBe(1);
    expect(screen.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('true');
  });
});
