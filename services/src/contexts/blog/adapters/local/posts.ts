import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../../../../platform/config';
import { parseMarkdown, readDataFiles } from '../../../../platform/data-files';
import type { CmsPost } from '../port';

/** The embedded blog's posts: Markdown with front matter in services/data/blog/posts. */
export const BLOG_DATA_DIR = path.join(REPO_ROOT, 'services', 'data', 'blog');
export const BLOG_IMAGE_PATH = '/api/blog/images/';

const FrontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1),
  description: z.string().min(1),
  image: z
    .string()
    .regex(/^[a-z0-9-]+\.svg$/)
    .optional(),
  imageAlt: z.string().default(''),
  date: z.iso.date(),
  tag: z.string().min(1),
  language: z.enum(['de', 'fr', 'es', 'ru']).optional(),
});

/** Reads and checks every post file; a malformed file fails loudly (it is the repository's own content). */
export function readMarkdownPosts(folder = path.join(BLOG_DATA_DIR, 'posts')): CmsPost[] {
  return readDataFiles(folder, '.md').map(({ name, text }) => {
    const { attributes, body } = parseMarkdown(text, name);
    const parsed = FrontMatterSchema.safeParse(attributes);
    if (!parsed.success) throw new Error(`${name}: not a blog post: ${parsed.error.message}`);
    const p = parsed.data;
    return {
      slug: p.slug,
      title: p.title,
      description: p.description,
      image: p.image ? { url: `${BLOG_IMAGE_PATH}${p.image}`, description: p.imageAlt } : null,
      date: p.date,
      tag: p.tag,
      language: p.language ?? null,
      body,
    };
  });
}
