/**
 * What any upload that is parsed answers when reading it breaks a budget (the untrusted-parsing pool's
 * limits); each kind of import may say it more precisely (IMPORT_MESSAGES for books, pages and texts).
 */
export const UPLOAD_MESSAGES = {
  tooSlow: 'This file took too long to read, so nothing was imported. Try a smaller or simpler file.',
  tooLarge: 'This file is too large to read: reading it needs more memory than an import may use.',
  unreadable: 'This file could not be read: its contents are damaged or not what its name says.',
  busy: 'Too many files are being read right now. Try again in a minute.',
} as const;
