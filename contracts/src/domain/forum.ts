/** The forum's words and limits (spec §1 community; §5 form messages where the spec has them). */
export const FORUM_MESSAGES = {
  required: 'Required',
  titleMax: 'Maximum 120 letters are allowed',
  bodyMax: 'Maximum 5000 letters are allowed',
  reasonMax: 'Maximum 300 letters are allowed',
  threadNotFound: 'Thread not found',
  postNotFound: 'Post not found',
  notYours: 'You can only change your own posts.',
  editWindow: 'Posts can be edited only in the first 15 minutes after they are written.',
  locked: 'This thread is locked: no new replies.',
  started: 'This discussion has already started: reply to it.',
  tooMany: 'You are posting too fast. Please wait a minute and try again.',
  deletedAccount: 'Deleted account',
  deletedPost: 'This post was deleted.',
  hiddenPost: 'This post was hidden by a moderator.',
} as const;

export const FORUM_TITLE_MAX = 120;
export const FORUM_BODY_MAX = 5000;
export const FORUM_REASON_MAX = 300;
/** Own posts may be edited for this long after they were written. */
export const FORUM_EDIT_WINDOW_MS = 15 * 60_000;
/** New threads and replies per user per minute. */
export const FORUM_RATE_LIMIT = { posts: 5, windowMs: 60_000 } as const;
export const FORUM_PAGE_SIZE = 20;
