/**
 * The mocked /api the composed checks run against (check-composed.mjs, bench.mjs), with a
 * 5,000-word German article (the reader shows it in pages of about 250 words). Unmocked calls are
 * listed in `api.unmocked` (and answered 404), so a check can tell when the app calls something new. Usage:
 *   const api = createMockApi();            // api.user, api.expireDictionary, api.patches are live state
 *   await page.route('**' + '/api/**', api.handle);
 */
// Every answer satisfies the contract schemas: the app parses responses with them.
export const USER = {
  uid: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'User',
  subscription: 'free',
  currentLearningLanguage: 'de',
  learnedLanguages: ['de'],
  languageLevels: { de: 'A2' },
  creationDateStamp: 1_700_000_000_000,
  showMainOnboarding: false,
  emailVerified: true,
};
export const PASSWORD = 'correct horse';

const VOCAB =
  'der die das und ist nicht ein eine Hund Katze Haus Stadt Zeit Jahr Mensch Kind Frau Mann Tag Welt Leben Hand Auge Arbeit Wort Schule Buch Freund Straße Nacht Wasser Geld Bild Frage Seite Weg Land Morgen Abend Woche laufen schlafen lesen schreiben sprechen denken finden sehen kommen gehen geben nehmen wissen bleiben heute gestern immer schon noch sehr auch aber oder weil dass wenn groß klein alt neu gut schön lang kurz hell dunkel schnell langsam über unter neben zwischen Straßenbahn Bürgermeister Frühstück Geschäft Gemüse Bäckerei Fahrrad Sonnenschein'.split(
    ' ',
  );

/** A deterministic German text of `words` words, in sentences and paragraphs. */
export function article(words) {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const parts = [];
  for (let i = 0; i < words; i++) {
    let w = VOCAB[Math.floor(rand() * VOCAB.length)];
    if (i % 12 === 0) w = w[0].toUpperCase() + w.slice(1);
    parts.push(w + (i % 12 === 11 ? (i % 96 === 95 ? '.\n\n' : '. ') : i % 5 === 4 ? ', ' : ' '));
  }
  return parts.join('');
}

export const LONG_ARTICLE_WORDS = 5000;
export const LONG_ARTICLE_CONTENT = article(LONG_ARTICLE_WORDS);
export const LONG_ARTICLE_ID = '5000a000-0000-4000-8000-000000000001';
const LONG_ID = LONG_ARTICLE_ID;
export const SHORT_ID = '5000a000-0000-4000-8000-000000000002';
const summary = {
  authorDisplayName: 'Verba',
  creationDate: 1_700_000_000_000,
  languageCode: 'de',
  averageRating: 0,
  ratings: 0,
  totalReads: 0,
  previewImgSrc: null,
  isPrivate: false,
  needApprove: false,
  isPremiumOnly: false,
  seriesId: null,
  seriesTitle: null,
  isAuthor: false,
  difficulty: 'Ideal',
};
const articleExtras = { contentFormat: 'text', translation: '', declineReason: null, flagged: false };
export const ARTICLES = [
  {
    ...summary,
    id: LONG_ID,
    name: 'Ein langer Tag in der Stadt (5,000 words)',
    category: 'History & Culture',
    generalDifficulty: 'B1',
    totalWords: LONG_ARTICLE_WORDS,
  },
  { ...summary, id: SHORT_ID, name: 'Der Hund', category: 'Children', generalDifficulty: 'A1', totalWords: 6 },
];
/** The link text of the long article in the library list. */
export const LONG_ARTICLE_LINK = /5,000 words/;

const COURSE_ID = '5000c000-0000-4000-8000-000000000001';

/** The dashboard's figures for a learner who knows the two words of the mocked dictionary. */
function progressFigures() {
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10),
    words: 0,
    reads: 0,
    reviews: 0,
    seconds: 0,
  }));
  return {
    languageCode: 'de',
    wordsKnown: 1,
    wordsUncertain: 1,
    levelHint: 'A1',
    nextLevelAt: 500,
    streak: 0,
    activeToday: false,
    timeSpent: 0,
    days,
  };
}

/**
 * A fresh mocked API. `signedIn: true` starts with the session already open (no sign-in form).
 * `handle` is a playwright route handler for `**\/api/**`.
 */
export function createMockApi({ signedIn = false } = {}) {
  const api = { user: signedIn ? USER : null, expireDictionary: false, patches: [], unmocked: new Set() };
  api.handle = async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const json = (status, body) =>
      route.fulfill({ status, contentType: status >= 400 ? 'application/problem+json' : 'application/json', body: JSON.stringify(body) });
    const problem = (status, message) => json(status, { type: 'about:blank', title: 'Error', status, detail: message, message });
    const key = `${req.method()} ${url.pathname}`;
    if (key === 'POST /api/sign-in') {
      const body = req.postDataJSON();
      if (body.password !== PASSWORD) return problem(401, 'Incorrect email or password');
      api.user = USER;
      return json(200, { showMainOnboarding: false, user: USER });
    }
    if (key === 'POST /api/sign-out') return ((api.user = null), json(200, { ok: true }));
    if (!api.user) return problem(401, 'Not signed in');
    if (key === 'GET /api/user') return json(200, api.user);
    if (key === 'GET /api/articles') return json(200, { articles: ARTICLES, page: 1, pageSize: 50, total: ARTICLES.length });
    if (key === `GET /api/articles/${LONG_ID}`) return json(200, { ...ARTICLES[0], ...articleExtras, content: LONG_ARTICLE_CONTENT });
    if (key === `GET /api/articles/${SHORT_ID}`)
      return json(200, { ...ARTICLES[1], ...articleExtras, content: 'Der Hund läuft. Der Hund schläft.' });
    if (key === 'GET /api/dictionary') {
      if (api.expireDictionary) return problem(401, 'Session expired');
      return json(200, {
        languageCode: 'de',
        words: [
          { value: 'der', status: 'known' },
          { value: 'katze', status: 'uncertain' },
        ],
      });
    }
    if (key === 'GET /api/user/profile')
      return json(200, { ...api.user, username: null, settings: {}, timeSpent: {}, hasAvatar: false, hasPassword: true });
    if (key === 'GET /api/series/get') return json(200, { series: [] });
    if (key === 'GET /api/announcements') return json(200, { announcements: [] });
    if (key === 'GET /api/articles/bookmark') return json(200, { bookmark: null });
    if (['POST /api/articles/bookmark', 'PATCH /api/articles/totalReads', 'POST /api/articles/progress/add'].includes(key))
      return json(200, { position: '1.1' });
    if (key === 'GET /api/articles/last-articles') return json(200, { articles: [] });
    if (key === 'GET /api/articles/rating') {
      const articleId = url.searchParams.get('articleId') ?? LONG_ID;
      return json(200, { articleId, rating: null, averageRating: 0, ratings: 0 });
    }
    if (key.startsWith('GET /api/audio/article/')) return json(200, { audio: null });
    if (key === 'GET /api/premium/subscription-data')
      return json(200, { subscription: 'free', stripeCustomerId: null, stripeSubscription: null, invoices: [] });
    if (key === 'GET /api/premium/get-prices') {
      const price = (unit_amount) => ({ unit_amount, currency: 'usd' });
      return json(200, {
        currency: 'usd',
        source: 'default',
        prices: { monthly: price(999), annual: price(7999), biannual: price(11999) },
      });
    }
    // The dashboard's widgets and the courses page: a learner with nothing practised yet.
    if (key === 'GET /api/analytics/progress') return json(200, progressFigures());
    if (key === 'GET /api/courses/progress') return json(200, { courses: [] });
    if (key === 'GET /api/courses')
      return json(200, {
        id: COURSE_ID,
        languageCode: 'de',
        title: 'Deutsch',
        totalChapters: 0,
        isVisibleOnThePlatform: true,
        lessonsOrder: [],
        startingPoints: [],
      });
    if (key === 'GET /api/courses/lessons') return json(200, { courseId: COURSE_ID, lessons: [] });
    if (key === 'GET /api/flashcards/info') {
      return json(200, {
        languageCode: 'de',
        total: 0,
        known: 0,
        uncertain: 0,
        dueNow: 0,
        dueToday: 0,
        learned: 0,
        mastered: 0,
        streak: 0,
        practicedToday: false,
        nextDueStamp: null,
      });
    }
    // The reader's word panel.
    if (key === 'POST /api/translationLimit')
      return json(200, { month: new Date().toISOString().slice(0, 7), used: 0, limit: 50, remaining: 50, allowed: true });
    if (key === 'GET /api/translation/meanings') return json(200, { word: url.searchParams.get('word') ?? '', meaning: null });
    if (key === 'POST /api/translation-ai') {
      const { text } = req.postDataJSON();
      return json(200, { success: true, found: true, data: `(${text} in English)`, duration_s: 0.01 });
    }
    if (key === 'GET /api/flashcards/created') return json(200, { articleId: url.searchParams.get('articleId') ?? '', flashcards: [] });
    if (key === 'PATCH /api/dictionary/word') {
      api.patches.push({ body: req.postDataJSON(), csrf: req.headers()['x-verba-csrf'] });
      return json(200, { changed: 1, position: '1.1', word: req.postDataJSON().word });
    }
    api.unmocked.add(key);
    return problem(404, `No mock for ${key}`);
  };
  return api;
}
