// Every admin page, loaded together on the fragment's first mount (see pageChunks).
export { AdminHomePage } from './features/home/AdminHomePage';
export { ApproveArticlesPage } from './features/library/ApproveArticlesPage';
export { CoursesPage } from './features/courses/components/CoursesPage';
export { ChaptersPage } from './features/courses/components/ChaptersPage';
export { CreateCoursePage, EditCoursePage } from './features/courses/components/CourseFormPage';
export { LessonFormPage } from './features/courses/components/LessonFormPage';
export { CreateChapterPage, EditChapterPage } from './features/courses/components/ChapterFormPage';
export { LanguagesPage } from './features/languages/LanguagesPage';
export { StartingPointsPage } from './features/languages/StartingPointsPage';
export { StartingPointFormPage } from './features/languages/StartingPointFormPage';
export { ExercisesPage } from './features/exercises/ExercisesPage';
export { ExerciseListPage } from './features/exercises/ExerciseListPage';
export { ExerciseEditPage } from './features/exercises/ExerciseEditPage';
export { ImageManagerPage } from './features/media/ImageManagerPage';
