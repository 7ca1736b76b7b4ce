/** The forum's words and limits (spec §1 community; §5 form messages where the spec has them). */
export const FORUM_MESSAGES = {
  required: 'Required',
  titleMax: 'Maximum 120 letters are allowed',
  bodyMax: 'Maximum 5000 letters are allowed',
  reasonMax: 'Maximum 300 letters are allowed',
  reasonRequired: 'Choose a reason',
  badCursor: 'This list has changed: load it again from the start.',
  threadNotFound: 'Thread not found',
  postNotFound: 'Post not found',
  notYours: 'You can only change your own posts.',
  ownUpvote: 'You cannot upvote your own post.',
  editWindow: 'Posts can be edited only in the first 15 minutes after they are written.',
  locked: 'This thread is locked: no new replies.',
  started: 'This discussion has already started: reply to it.',
  /** A discussion is started in the category of its article's or chapter's language. */
  wrongLanguage: 'Discuss an article or chapter in the forum of its own language.',
  tooMany: 'You are posting too fast. Please wait a minute and try again.',
  deletedAccount: 'Deleted account',
  /** An author identity does not know (yet): their account is being made or erased this moment. */
  unknownAuthor: 'Verba learner',
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

/** Why a post is reported: a fixed list, so moderators can sort by it; "other" wants details (optional still). */
export const FORUM_REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type ForumReportReason = (typeof FORUM_REPORT_REASONS)[number];
export const FORUM_REPORT_REASON_LABELS: Record<ForumReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  'off-topic': 'Off-topic',
  other: 'Other',
};
