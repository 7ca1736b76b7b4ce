// Worker threads do not inherit the main thread's TypeScript loader: register tsx, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./projector-worker.ts');
