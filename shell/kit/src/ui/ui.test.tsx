// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Accordion,
  AccordionItem,
  AlertDialog,
  AnnouncementBanner,
  AutoSizeTextarea,
  Dialog,
  ProgressBar,
  Switch,
  Tabs,
  Tooltip,
} from './index';

beforeAll(() => {
  // jsdom has no ResizeObserver; Radix's popper (tooltip) measures its arrow with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => cleanup());

describe('Accordion', () => {
  it('opens and closes an item', () => {
    render(
      <Accordion type="single" collapsible>
        <AccordionItem value="a" title="What is Verba?">
          A reading app.
        </AccordionItem>
        <AccordionItem value="b" title="Is it free?">
          Yes.
        </AccordionItem>
      </Accordion>,
    );
    const trigger = screen.getByRole('button', { name: 'What is Verba?' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('A reading app.')).toBeNull();

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region').textContent).toBe('A reading app.');

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('A reading app.')).toBeNull();
  });
});

describe('Dialog', () => {
  it('opens from its trigger and closes with Escape and with the close button', () => {
    render(
      <Dialog trigger={<button type="button">Open settings</button>} title="Settings" description="Reader settings">
        <p>Body text</p>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.textContent).toContain('Body text');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports open changes when controlled', () => {
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <span data-testid="state">{String(open)}</span>
          <Dialog open={open} onOpenChange={setOpen} title="Controlled" />
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('dialog', { name: 'Controlled' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('state').textContent).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('AlertDialog', () => {
  function setup() {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <AlertDialog
        trigger={<button type="button">Delete book</button>}
        title="Delete this book?"
        description="This cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete book' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete this book?' })).toBeTruthy();
    return { onConfirm, onCancel };
  }

  it('confirm calls the handler and closes', () => {
    const { onConfirm, onCancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancel does not call the confirm handler', () => {
    const { onConfirm, onCancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('ProgressBar', () => {
  it.each([
    [42, '42'],
    [-10, '0'],
    [250, '100'],
    [Number.NaN, '0'],
  ])('value %s exposes aria-valuenow %s', (value, expected) => {
    render(<ProgressBar value={value} label="Upload" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe(expected);
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
  });
});

describe('Switch', () => {
  it('toggles aria-checked and reports the change', () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Dark mode" onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Dark mode' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('false');
  });
});

describe('Tabs', () => {
  it('switches panels', () => {
    render(
      <Tabs
        label="Book sections"
        tabs={[
          { value: 'words', label: 'Words', content: 'Word list' },
          { value: 'notes', label: 'Notes', content: 'My notes' },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Book sections' })).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toBe('Word list');
    const notes = screen.getByRole('tab', { name: 'Notes' });
    expect(notes.getAttribute('aria-selected')).toBe('false');

    // Radix activates a tab on mousedown (primary button), not on click.
    fireEvent.mouseDown(notes, { button: 0 });
    expect(notes.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('My notes');
  });
});

describe('Tooltip', () => {
  it('shows its content when the trigger gets focus', () => {
    render(
      <Tooltip content="Mark all words as known">
        <button type="button">Mark all</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Mark all' }).focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Mark all words as known');
    act(() => screen.getByRole('button', { name: 'Mark all' }).blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('AutoSizeTextarea', () => {
  const LINE = 24;
  let spy: ReturnType<typeof vi.spyOn> | undefined;
  beforeAll(() => {
    // jsdom has no layout: pretend each line is 24 px tall.
    spy = vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLTextAreaElement) {
      return this.value.split('\n').length * LINE;
    });
    return () => spy?.mockRestore();
  });

  it('grows with its content when uncontrolled', () => {
    render(<AutoSizeTextarea aria-label="Note" defaultValue="one line" />);
    const box = screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    expect(box.style.height).toBe(`${LINE}px`);
    fireEvent.change(box, { target: { value: 'one\ntwo\nthree' } });
    expect(box.style.height).toBe(`${3 * LINE}px`);
    fireEvent.change(box, { target: { value: 'one' } });
    expect(box.style.height).toBe(`${LINE}px`);
  });

  it('grows with its content when controlled', () => {
    const { rerender } = render(<AutoSizeTextarea aria-label="Note" value="a" onChange={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement;
    expect(box.style.height).toBe(`${LINE}px`);
    rerender(<AutoSizeTextarea aria-label="Note" value={'a\nb\nc\nd'} onChange={() => {}} />);
    expect(box.style.height).toBe(`${4 * LINE}px`);
  });
});

describe('AnnouncementBanner', () => {
  it('renders as text, not as a link or an image, an address the server would refuse (the admin preview shows unsaved blocks)', () => {
    render(
      <AnnouncementBanner
        banner={{
          content: {
            blocks: [
              { type: 'link', data: { text: 'Run', url: 'javascript:alert(1)' } },
              { type: 'link', data: { text: 'Page', url: 'data:text/html,<script>alert(2)</script>' } },
              { type: 'link', data: { text: 'Elsewhere', url: '//evil.example/sign-in' } },
              { type: 'link', data: { text: 'Plans', url: '/app/user-profile/subscribe' } },
              { type: 'link', data: { text: 'Guide', url: 'https://help.example/guide' } },
              { type: 'image', data: { url: 'https://evil.example/pixel.png', alt: 'Tracker' } },
            ],
          },
        }}
      />,
    );
    const banner = screen.getByRole('region', { name: 'Announcement' });
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Plans', '/app/user-profile/subscribe'],
      ['Guide', 'https://help.example/guide'],
    ]);
    for (const text of ['Run', 'Page', 'Elsewhere']) expect(screen.getByText(text).tagName).toBe('P');
    expect(banner.querySelector('img')).toBeNull();
  });
});
