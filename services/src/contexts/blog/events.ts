/**
 * The blog appends no events: posts live in a headless content service (a hosted CMS, or the embedded
 * GraphQL endpoint over Markdown files), read through the content port in adapters/. The file keeps the
 * context layout every context shares.
 */
export const BLOG_EVENT_TYPES = [] as const;
