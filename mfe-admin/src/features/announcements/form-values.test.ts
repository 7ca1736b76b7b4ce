import { describe, expect, it } from 'vitest';
import { NEW_ANNOUNCEMENT, inputOf, previewBlocks, toLocalInput, valuesOf, type AnnouncementValues } from './form-values';

const IMAGE = `/api/images/${'a'.repeat(64)}.png`;
const filled: AnnouncementValues = {
  ...NEW_ANNOUNCEMENT,
  visibleTo: 'de',
  blocks: [
    { type: 'header', text: 'Neu', url: '', alt: '' },
    { type: 'image', text: '', url: IMAGE, alt: 'Books' },
    { type: 'link', text: 'Library', url: '/app/library', alt: '' },
  ],
};

describe('the announcement form and the contract', () => {
  it('sends each block with only its own fields, and no schedule as null', () => {
    const checked = inputOf(filled);
    expect(checked).toEqual({
      input: expect.objectContaining({
        visibleTo: 'de',
        startsAt: null,
        endsAt: null,
        content: {
          blocks: [
            { type: 'header', data: { text: 'Neu' } },
            { type: 'image', data: { url: IMAGE, alt: 'Books' } },
            { type: 'link', data: { text: 'Library', url: '/app/library' } },
          ],
        },
      }),
    });
  });

  it("puts the contract's messages at the fields they belong to", () => {
    const checked = inputOf({
      ...filled,
      startsAt: '2026-12-02T10:00',
      endsAt: '2026-12-01T10:00',
      blocks: [
        { type: 'paragraph', text: ' ', url: '', alt: '' },
        { type: 'image', text: '', url: 'https://evil.example/x.png', alt: '' },
      ],
    });
    expect('errors' in checked && checked.errors).toEqual(
      expect.arrayContaining([
        { field: 'blocks.0.text', message: 'Required' },
        { field: 'blocks.1.url', message: 'Choose an image from the image manager' },
        { field: 'endsAt', message: 'The end must be after the start' },
      ]),
    );
  });

  it('previews only the blocks complete so far, and reads a saved announcement back into the form', () => {
    expect(previewBlocks([{ type: 'paragraph', text: '', url: '', alt: '' }, ...filled.blocks])).toHaveLength(3);
    const at = Date.UTC(2026, 11, 1, 9, 30);
    const values = valuesOf({
      id: 'x',
      visibleTo: 'free',
      dismissBehavior: 'session',
      active: false,
      startsAt: at,
      endsAt: null,
      createdAt: 0,
      updatedAt: 0,
      content: { blocks: [{ type: 'image', data: { url: IMAGE, alt: '' } }] },
    });
    expect(values).toMatchObject({
      visibleTo: 'free',
      dismissBehavior: 'session',
      active: false,
      startsAt: toLocalInput(at),
      endsAt: '',
      blocks: [{ type: 'image', url: IMAGE }],
    });
    expect(new Date(values.startsAt).getTime()).toBe(at);
  });
});
