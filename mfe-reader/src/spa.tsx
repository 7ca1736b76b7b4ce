// single-spa lifecycles for the shell: the kit wraps the app in the shared query cache and an error boundary.
import { fragmentLifecycles } from '@verba/kit/query';
import { ReaderApp } from './ReaderApp';
import './features/library/library.css';

export const { bootstrap, mount, unmount } = fragmentLifecycles(ReaderApp, 'the library');
