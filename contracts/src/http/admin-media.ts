import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_SMALL_MAX_BYTES } from '../domain/limits';
import { BytesSchema, PositionSchema, defineRoute } from './route';

/**
 * The admin's image manager (spec §2 /app/admin/image-manager, §5 image rules, §9 limits): content images
 * (png, jpeg or webp, at most 4194304 bytes) and previews (at most 307200 bytes), checked by the file's
 * own bytes. An image's URL is content-addressed (`/api/images/<sha-256>.<ext>`), served with a year's
 * immutable cache.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_KINDS = ['content', 'preview'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_LIMITS: Record<ImageKind, number> = { content: IMAGE_MAX_BYTES, preview: IMAGE_SMALL_MAX_BYTES };

/** Where an image is shown: a course chapter's image, a library article's preview, an announcement's image block. */
export interface ImageUse {
  kind: 'chapter' | 'article' | 'announcement';
  title: string;
}

export const MEDIA_MESSAGES = {
  wrongType: 'Only PNG, JPEG or WebP images are allowed.',
  tooLarge: (kind: ImageKind) => (kind === 'content' ? 'The image must be at most 4 MB.' : 'A preview image must be at most 300 KB.'),
  imageNotFound: 'Image not found',
  inUse: (uses: readonly ImageUse[]) => {
    const where = (kind: ImageUse['kind']) => {
      const titles = uses.filter((u) => u.kind === kind).map((u) => `“${u.title}”`);
      return titles.length ? `the ${kind}${titles.length > 1 ? 's' : ''} ${titles.join(', ')}` : undefined;
    };
    const places = [where('chapter'), where('article'), where('announcement')].filter(Boolean);
    const listed = places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)}` : places[0];
    return `This image is used by ${listed}. Remove it there first.`;
  },
} as const;

export const ImageSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  name: z.string(),
  kind: z.enum(IMAGE_KINDS),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
  url: z.string(),
  createdAt: z.number().int(),
});
export type AdminImage = z.infer<typeof ImageSchema>;

const imageId = z.string().regex(/^[0-9a-f]{64}$/, MEDIA_MESSAGES.imageNotFound);

export const uploadImage = defineRoute({
  method: 'POST',
  path: '/api/admin/images',
  access: 'admin',
  summary: 'Upload one image (png, jpeg or webp by its bytes): a content image up to 4 MB or a preview up to 300 KB',
  description: 'Exactly one file part; none or two answer "File is required.". The same bytes again give the same image.',
  consumes: ['multipart/form-data'],
  query: z.object({ kind: z.enum(IMAGE_KINDS).default('content') }),
  body: z.object({
    file: z
      .file()
      .mime([...IMAGE_TYPES])
      .max(IMAGE_MAX_BYTES),
  }),
  response: z.object({ image: ImageSchema }),
  status: 201,
  errors: { 400: 'No file, two files, a file that is not png/jpeg/webp by its bytes, or one over the kind’s limit' },
});

export const listImages = defineRoute({
  method: 'GET',
  path: '/api/admin/images',
  access: 'admin',
  summary: 'Images, newest first (or by name or size), searched by name, a page at a time',
  query: z.object({
    search: z.string().trim().max(100).optional(),
    sort: z.enum(['newest', 'name', 'size']).default('newest'),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(24),
  }),
  response: z.object({ images: z.array(ImageSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const deleteImage = defineRoute({
  method: 'DELETE',
  path: '/api/admin/images/:imageId',
  access: 'admin',
  summary: 'Delete an image (refused while a chapter or an article’s preview shows it, naming them)',
  params: z.object({ imageId }),
  /** The position of the edit that stopped using it, so the check sees that edit. */
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({ ok: z.literal(true) }),
  errors: { 404: 'No such image', 409: 'A chapter, an article’s preview or an announcement shows the image (MEDIA_MESSAGES.inUse)' },
});

export const getImage = defineRoute({
  method: 'GET',
  path: '/api/images/:file',
  access: 'public',
  summary: 'An image by its content address (<sha-256>.<png|jpg|webp>), cached for a year',
  params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, MEDIA_MESSAGES.imageNotFound) }),
  produces: IMAGE_TYPES,
  response: BytesSchema.meta({ description: 'Image bytes' }),
  errors: { 404: 'No such image' },
});

export const adminMediaRoutes = { uploadImage, listImages, deleteImage, getImage };
