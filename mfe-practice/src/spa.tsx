// single-spa lifecycles for the shell: the kit wraps the app in the shared query cache and an error boundary.
import { fragmentLifecycles } from '@verba/kit/query';
import { PracticeApp } from './PracticeApp';

export const { bootstrap, mount, unmount } = fragmentLifecycles(PracticeApp, 'practice');
