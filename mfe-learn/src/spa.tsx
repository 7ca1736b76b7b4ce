// single-spa lifecycles for the shell: the kit wraps the app in the shared query cache and an error boundary.
import { fragmentLifecycles } from '@verba/kit/query';
import { LearnApp } from './LearnApp';
import './features/learn.css';

export const { bootstrap, mount, unmount } = fragmentLifecycles(LearnApp, 'the courses');
