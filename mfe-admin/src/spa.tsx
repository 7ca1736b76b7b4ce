// single-spa lifecycles for the shell: the kit wraps the app in the shared query cache and an error boundary.
import { fragmentLifecycles } from '@verba/kit/query';
import { AdminApp } from './AdminApp';

export const { bootstrap, mount, unmount } = fragmentLifecycles(AdminApp, 'the admin area');
