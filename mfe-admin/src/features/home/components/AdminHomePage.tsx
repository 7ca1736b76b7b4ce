import { Link, QueryErrorNotice, SectionHeader } from '@verba/kit';
import { ADMIN_PATHS } from '../../../routing/admin-paths';
import { useAdminCourses } from '../../../shared/api/courses';
import { useFlaggedArticleCount, useForumReportCount, usePendingArticleCount } from '../api/attention';

interface Tool {
  href: string;
  name: string;
  what: string;
  /** What needs attention, e.g. "3 chapters hidden"; undefined while loading. */
  attention?: string | undefined;
}

const count = (n: number | undefined, one: string, many: string) => (n === undefined ? undefined : `${n} ${n === 1 ? one : many}`);

/** /app/admin: every tool, each with a count of what needs attention. */
export function AdminHomePage() {
  const courses = useAdminCourses();
  const pending = usePendingArticleCount();
  const flagged = useFlaggedArticleCount();
  const forumReports = useForumReportCount();
  const hidden = courses.data?.languages.reduce((n, l) => n + (l.course?.hiddenChapters ?? 0), 0);
  const missingCourses = courses.data?.languages.filter((l) => !l.course).length;
  const withoutExercises = courses.data?.languages.reduce((n, l) => n + (l.course?.chaptersWithoutExercises ?? 0), 0);
  const hiddenLanguages = courses.data?.languages.filter((l) => l.course && !l.course.isVisibleOnThePlatform).length;
  const tools: Tool[] = [
    {
      href: ADMIN_PATHS.courses,
      name: 'Courses',
      what: 'Lessons and chapters of each language’s course, their order and flags.',
      attention: count(hidden, 'chapter hidden', 'chapters hidden'),
    },
    {
      href: ADMIN_PATHS.createCourse,
      name: 'Create course',
      what: 'One course per language.',
      attention: count(missingCourses, 'language without a course', 'languages without a course'),
    },
    {
      href: ADMIN_PATHS.languages,
      name: 'Languages',
      what: 'Which languages learners can choose.',
      attention: count(hiddenLanguages, 'language hidden', 'languages hidden'),
    },
    { href: ADMIN_PATHS.startingPoints, name: 'Starting points', what: 'Where onboarding places a learner in each course, by level.' },
    {
      href: ADMIN_PATHS.exercises,
      name: 'Exercises',
      what: 'Missing-word exercises and questions after each chapter.',
      attention: count(withoutExercises, 'chapter without exercises', 'chapters without exercises'),
    },
    { href: ADMIN_PATHS.imageManager, name: 'Image manager', what: 'Upload, find, copy and delete images.' },
    {
      href: ADMIN_PATHS.audioManager,
      name: 'Audio manager',
      what: 'Generate or upload the audio of chapters and articles, timed sentence by sentence.',
    },
    {
      href: ADMIN_PATHS.approveArticles,
      name: 'Approve articles',
      what: 'Public articles waiting for approval and flagged private ones.',
      attention: count(pending.data?.total, 'article waiting', 'articles waiting'),
    },
    {
      href: ADMIN_PATHS.forumReports,
      name: 'Forum reports',
      what: 'Forum posts learners reported: hide them or lock their threads.',
      attention: count(forumReports.data?.open, 'open report', 'open reports'),
    },
    { href: ADMIN_PATHS.library, name: 'Library', what: 'The library in numbers: articles by state, and series.' },
    {
      href: ADMIN_PATHS.libraryArticles,
      name: 'Articles',
      what: 'Every article of every author: filter, sort, create, edit, delete, make public premium.',
    },
    {
      href: ADMIN_PATHS.flaggedArticles,
      name: 'Flagged articles',
      what: 'Articles flagged for review, with who flagged them and why.',
      attention: count(flagged.data?.total, 'article flagged', 'articles flagged'),
    },
    { href: ADMIN_PATHS.series, name: 'Series', what: 'Named groups of articles in one language, of every author.' },
    { href: ADMIN_PATHS.aiPrompt, name: 'AI prompts', what: 'The translation, hate-speech and multi-word prompts and their versions.' },
    { href: ADMIN_PATHS.testAi, name: 'Test AI', what: 'Run a prompt on a sample beside the version before it.' },
    { href: ADMIN_PATHS.wordFamilies, name: 'Word families', what: "Correct a word's base word for every learner." },
    { href: ADMIN_PATHS.users, name: 'Users', what: 'Find people; change their role, subscription or account.' },
    { href: ADMIN_PATHS.announcements, name: 'Announcements', what: 'Banners for groups of learners, scheduled and previewed.' },
    { href: ADMIN_PATHS.analytics, name: 'Analytics', what: 'Language, user and historical analytics, and the monthly statistics.' },
    {
      href: ADMIN_PATHS.operations,
      name: 'Operations',
      what: 'Projections and their lag, rebuilds, the relay, the log, fragments, workers.',
    },
  ];
  return (
    <main>
      <SectionHeader section="admin" title="Administration" subtitle="Courses, content and what needs your attention." />
      <QueryErrorNotice query={courses} title="The courses could not be loaded." />
      <ul className="ad-home">
        {tools.map((tool) => (
          <li key={tool.href} className="ad-home__tool">
            <Link href={tool.href} className="ad-home__name">
              {tool.name}
            </Link>
            <p className="ad-muted">{tool.what}</p>
            <p className="ad-home__attention" aria-live="polite">
              {'attention' in tool ? (tool.attention ?? '…') : null}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
