import { startEarly } from './federation/early';

// Before the async boundary: the registry and the page's fragment are asked for while the shell's
// code loads (federation/early.ts; it imports no shared module).
startEarly(window.location.pathname);
// Async boundary: lets Module Federation negotiate shared singletons (React, @verba/kit) first.
import('./bootstrap');
