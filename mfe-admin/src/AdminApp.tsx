import type { ReactNode } from 'react';
import { EmptyState, SectionHeader, isAdmin, pageChunks, Spinner, usePathname, useSession } from '@verba/kit';
import { AdminNav } from './components/AdminNav';
import { ADMIN_PATHS } from './routing/admin-paths';
import './admin.css';

const usePages = pageChunks(() => import('./pages'));
type Pages = NonNullable<ReturnType<typeof usePages>>;
// Analytics brings its charting library: a chunk of its own, loaded only on its pages.
const useAnalytics = pageChunks(() => import('./features/analytics/components/AnalyticsPages'));
const isAnalytics = (pathname: string) => pathname === ADMIN_PATHS.analytics || pathname.startsWith(`${ADMIN_PATHS.analytics}/`);

/** Each admin path of this fragment and its page. */
const ROUTES: Record<string, (p: Pages) => ReactNode> = {
  [ADMIN_PATHS.home]: (p) => <p.AdminHomePage />,
  [ADMIN_PATHS.courses]: (p) => <p.CoursesPage />,
  [ADMIN_PATHS.chapters]: (p) => <p.ChaptersPage />,
  [ADMIN_PATHS.createCourse]: (p) => <p.CreateCoursePage />,
  [ADMIN_PATHS.editCourse]: (p) => <p.EditCoursePage />,
  [ADMIN_PATHS.createLesson]: (p) => <p.LessonFormPage mode="create" />,
  [ADMIN_PATHS.editLesson]: (p) => <p.LessonFormPage mode="edit" />,
  [ADMIN_PATHS.createChapter]: (p) => <p.CreateChapterPage />,
  [ADMIN_PATHS.editChapter]: (p) => <p.EditChapterPage />,
  [ADMIN_PATHS.languages]: (p) => <p.LanguagesPage />,
  [ADMIN_PATHS.startingPoints]: (p) => <p.StartingPointsPage />,
  [ADMIN_PATHS.createStartingPoint]: (p) => <p.StartingPointFormPage mode="create" />,
  [ADMIN_PATHS.updateStartingPoint]: (p) => <p.StartingPointFormPage mode="update" />,
  [ADMIN_PATHS.exercises]: (p) => <p.ExercisesPage />,
  [ADMIN_PATHS.missingWords]: (p) => <p.ExerciseListPage kind="missing-words" />,
  [ADMIN_PATHS.askQuestions]: (p) => <p.ExerciseListPage kind="ask-questions" />,
  [ADMIN_PATHS.editMissingWords]: (p) => <p.ExerciseEditPage kind="missing-words" />,
  [ADMIN_PATHS.editAskQuestions]: (p) => <p.ExerciseEditPage kind="ask-questions" />,
  [ADMIN_PATHS.imageManager]: (p) => <p.ImageManagerPage />,
  [ADMIN_PATHS.audioManager]: (p) => <p.AudioManagerPage />,
  [ADMIN_PATHS.approveArticles]: (p) => <p.ApproveArticlesPage />,
  [ADMIN_PATHS.forumReports]: (p) => <p.ForumReportsPage />,
  [ADMIN_PATHS.library]: (p) => <p.LibraryOverviewPage />,
  [ADMIN_PATHS.libraryArticles]: (p) => <p.ArticlesPage />,
  [ADMIN_PATHS.createArticle]: (p) => <p.CreateArticlePage />,
  [ADMIN_PATHS.editArticle]: (p) => <p.EditArticlePage />,
  [ADMIN_PATHS.flaggedArticles]: (p) => <p.FlaggedArticlesPage />,
  [ADMIN_PATHS.series]: (p) => <p.SeriesListPage />,
  [ADMIN_PATHS.createSeries]: (p) => <p.CreateSeriesPage />,
  [ADMIN_PATHS.editSeries]: (p) => <p.EditSeriesPage />,
  [ADMIN_PATHS.aiPrompt]: (p) => <p.PromptPage kind="translation" />,
  [ADMIN_PATHS.aiHateSpeechPrompt]: (p) => <p.PromptPage kind="publicArticleCheck" />,
  [ADMIN_PATHS.aiPromptMultiword]: (p) => <p.PromptPage kind="multiWord" />,
  [ADMIN_PATHS.testAi]: (p) => <p.TestAiPage />,
  [ADMIN_PATHS.wordFamilies]: (p) => <p.WordFamiliesPage />,
  [ADMIN_PATHS.users]: (p) => <p.UsersPage />,
  [ADMIN_PATHS.userDetail]: (p) => <p.UserDetailPage />,
  [ADMIN_PATHS.announcements]: (p) => <p.AnnouncementsPage />,
  [ADMIN_PATHS.createAnnouncement]: (p) => <p.CreateAnnouncementPage />,
  [ADMIN_PATHS.editAnnouncement]: (p) => <p.EditAnnouncementPage />,
  [ADMIN_PATHS.operations]: (p) => <p.OperationsPage />,
};

export function AdminApp() {
  const { user } = useSession();
  const pathname = usePathname().replace(/\/+$/, '');
  const pages = usePages();
  const analytics = useAnalytics();
  // The shell already redirects non-admins; this only guards against a misconfigured host.
  if (!isAdmin(user)) return <EmptyState title="Administrators only" />;
  const route = ROUTES[pathname];
  return (
    <div className="ad-layout">
      <AdminNav pathname={pathname} />
      <div className="ad-content">
        {isAnalytics(pathname) ? (
          analytics ? (
            <analytics.AnalyticsPages pathname={pathname} />
          ) : (
            <Spinner label="Loading…" />
          )
        ) : !pages ? (
          <Spinner label="Loading…" />
        ) : route ? (
          route(pages)
        ) : (
          <main>
            <SectionHeader section="admin" title="Not here yet" />
            <EmptyState title="This admin tool comes with the next part of the admin area">
              <p>Users, the library, announcements, prompts and analytics have their API; their pages come next.</p>
            </EmptyState>
          </main>
        )}
      </div>
    </div>
  );
}
