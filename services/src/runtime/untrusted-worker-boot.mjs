// Worker threads do not inherit the main thread's TypeScript loader: register tsx, then load the worker.
// (In the bundle, untrusted-worker-boot.mjs is untrusted-worker.ts itself: see scripts/build-services.mjs.)
import { register } from 'tsx/esm/api';

register();
const worker = await import('./untrusted-worker.ts');
export default worker.default;
