// Both pages in one chunk: the entry stays small, and moving from the map to a chapter (or on to the
// next chapter) never waits for another download.
export { CourseMapPage } from './features/course-map/components/CourseMapPage';
export { ChapterPage } from './features/chapter/components/ChapterPage';
