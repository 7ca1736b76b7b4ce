import type { PageMeta } from './meta';
import { SITE_NAME, SITE_ORIGIN } from './meta';

/** The <meta> tags of a page: description and the Open Graph and Twitter card tags. */
export function metaTags(meta: PageMeta, path: string): { attr: 'name' | 'property'; key: string; content: string }[] {
  return [
    { attr: 'name', key: 'description', content: meta.description },
    { attr: 'property', key: 'og:title', content: meta.title },
    { attr: 'property', key: 'og:description', content: meta.description },
    { attr: 'property', key: 'og:type', content: meta.type },
    { attr: 'property', key: 'og:url', content: `${SITE_ORIGIN}${path}` },
    { attr: 'property', key: 'og:site_name', content: SITE_NAME },
    { attr: 'name', key: 'twitter:card', content: meta.image ? 'summary_large_image' : 'summary' },
    { attr: 'name', key: 'twitter:title', content: meta.title },
    { attr: 'name', key: 'twitter:description', content: meta.description },
    ...(meta.image
      ? [
          { attr: 'property' as const, key: 'og:image', content: new URL(meta.image, SITE_ORIGIN).href },
          { attr: 'name' as const, key: 'twitter:image', content: new URL(meta.image, SITE_ORIGIN).href },
        ]
      : []),
  ];
}

/** Keeps the head in step on in-app navigation (crawlers get it from the prerendered file). */
export function applyHead(meta: PageMeta, path: string): void {
  document.title = meta.title;
  const tags = metaTags(meta, path);
  // A page without a picture must not keep the previous page's.
  for (const key of ['og:image', 'twitter:image']) {
    if (!tags.some((t) => t.key === key))
      document.head.querySelector(`meta[content][property="${key}"], meta[content][name="${key}"]`)?.remove();
  }
  for (const tag of tags) {
    let el = document.head.querySelector<HTMLMetaElement>(`meta[${tag.attr}="${tag.key}"]`);
    if (!el) {
      el = document.createElement('meta');
      el.setAttribute(tag.attr, tag.key);
      document.head.appendChild(el);
    }
    el.content = tag.content;
  }
}
