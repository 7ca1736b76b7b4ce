import { Link } from '@verba/kit';
import { ADMIN_PATHS } from '../routing/admin-paths';

const ITEMS = [
  { href: ADMIN_PATHS.home, label: 'Overview' },
  { href: ADMIN_PATHS.courses, label: 'Courses' },
  { href: ADMIN_PATHS.languages, label: 'Languages' },
  { href: ADMIN_PATHS.startingPoints, label: 'Starting points' },
  { href: ADMIN_PATHS.exercises, label: 'Exercises' },
  { href: ADMIN_PATHS.imageManager, label: 'Image manager' },
  { href: ADMIN_PATHS.audioManager, label: 'Audio manager' },
  { href: ADMIN_PATHS.approveArticles, label: 'Approve articles' },
  { href: ADMIN_PATHS.analytics, label: 'Analytics' },
  { href: ADMIN_PATHS.forumReports, label: 'Forum reports' },
  { href: ADMIN_PATHS.library, label: 'Library' },
  { href: ADMIN_PATHS.libraryArticles, label: 'Articles' },
  { href: ADMIN_PATHS.flaggedArticles, label: 'Flagged articles' },
  { href: ADMIN_PATHS.series, label: 'Series' },
  { href: ADMIN_PATHS.aiPrompt, label: 'AI prompts' },
  { href: ADMIN_PATHS.testAi, label: 'Test AI' },
  { href: ADMIN_PATHS.wordFamilies, label: 'Word families' },
  { href: ADMIN_PATHS.users, label: 'Users' },
  { href: ADMIN_PATHS.announcements, label: 'Announcements' },
  { href: ADMIN_PATHS.operations, label: 'Operations' },
];

/** Create and edit pages sit beside their list in spec §2's paths; they belong to that list's section. */
const SECTION_OF: Record<string, string> = {
  [ADMIN_PATHS.createCourse]: ADMIN_PATHS.courses,
  [ADMIN_PATHS.editCourse]: ADMIN_PATHS.courses,
  [ADMIN_PATHS.createLesson]: ADMIN_PATHS.courses,
  [ADMIN_PATHS.editLesson]: ADMIN_PATHS.courses,
  [ADMIN_PATHS.createChapter]: ADMIN_PATHS.courses,
  [ADMIN_PATHS.editChapter]: ADMIN_PATHS.courses,
  [ADMIN_PATHS.editMissingWords]: ADMIN_PATHS.exercises,
  [ADMIN_PATHS.editAskQuestions]: ADMIN_PATHS.exercises,
  [ADMIN_PATHS.createArticle]: ADMIN_PATHS.libraryArticles,
  [ADMIN_PATHS.editArticle]: ADMIN_PATHS.libraryArticles,
  [ADMIN_PATHS.aiHateSpeechPrompt]: ADMIN_PATHS.aiPrompt,
  [ADMIN_PATHS.aiPromptMultiword]: ADMIN_PATHS.aiPrompt,
};

/** The admin area's own navigation, beside every admin page. */
export function AdminNav({ pathname }: { pathname: string }) {
  // The deepest item the path is under is the current one (starting points are under languages).
  const path = SECTION_OF[pathname] ?? pathname;
  const current = ITEMS.filter((i) => path === i.href || path.startsWith(`${i.href}/`)).sort((a, b) => b.href.length - a.href.length)[0]
    ?.href;
  return (
    <nav aria-label="Admin" className="ad-nav">
      {ITEMS.map((item) => (
        <Link key={item.href} href={item.href} className="ad-nav__link" aria-current={item.href === current ? 'page' : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
