/**
 * The reviewed allow-list of learner routes that no page of the shell or a fragment calls, each with the
 * reason (services/src/runtime/route-callers.test.ts keeps it equal to what the source shows). A capability a
 * learner cannot reach does not exist for them (issue 21): add a route here only with a caller that is not a
 * browser page, or with the issue that wires it.
 */
export const ROUTES_WITHOUT_CALLERS: Readonly<Record<string, string>> = {
  // Called by something other than the browser's source code.
  'POST /api/premium/webhook': 'called by Stripe (signed webhooks), never by a browser',
  'GET /api/images/:file': "image URLs the server sends in responses (a chapter's imageUrl), loaded by <img>",
  'GET /api/audio-files/:file': "audio URLs the server sends in the player's answer (GET audio/:kind/:id), loaded by <audio>",
  'GET /api/blog/images/:name': "images named in a blog post's rendered HTML (the server's Markdown), loaded by <img>",

  // No learner page needs them (reviewed for issue 21).
  'GET /api/courses/list':
    "the course map opens the course of the learner's current language (GET courses); another language is chosen in onboarding (choose-new-language)",
  'PATCH /api/user':
    'the profile page writes by part (user/basic-info, user/settings, user/change-language); this is the whole-user update of spec §7',

  'POST /api/user/last-articles':
    "spec §7's alias of articles/totalReads (the same record: a counted read, remembered as last read), which the reader sends when an article opens",
};
