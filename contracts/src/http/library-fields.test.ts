import { describe, expect, it } from 'vitest';
import { ImageSrcFieldSchema, LIBRARY_MESSAGES, SeriesIdFieldSchema } from './library';

describe("the library forms' optional fields", () => {
  it('reads an empty or blank image box as no image, and keeps a trimmed address', () => {
    expect(ImageSrcFieldSchema.parse('')).toBeNull();
    expect(ImageSrcFieldSchema.parse('   ')).toBeNull();
    expect(ImageSrcFieldSchema.parse(' https://example.org/a.png ')).toBe('https://example.org/a.png');
  });

  it('refuses an image box that is not an address, with the library message', () => {
    const result = ImageSrcFieldSchema.safeParse('javascript:alert(1)');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LIBRARY_MESSAGES.imageAddress);
  });

  it('reads "no series" as null and refuses what is not a series id', () => {
    const id = '7d2c2f4e-4a7c-4b1e-9a53-0c6f3f0b9a11';
    expect(SeriesIdFieldSchema.parse('')).toBeNull();
    expect(SeriesIdFieldSchema.parse(id)).toBe(id);
    expect(SeriesIdFieldSchema.safeParse('series-1').error?.issues[0]?.message).toBe(LIBRARY_MESSAGES.seriesNotFound);
  });
});
