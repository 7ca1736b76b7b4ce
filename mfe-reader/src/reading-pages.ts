// The library and the reader, loaded together on first mount (ReaderApp) as ONE chunk: as two, the
// contract modules both use (identity, profile, messages) were bundled into each, and fetched twice.
export { LibraryPage } from './features/library/components/LibraryPage';
export { ReaderPage } from './features/reader/components/ReaderPage';
