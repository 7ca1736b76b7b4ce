#!/usr/bin/env node
// `npm install` (postinstall): makes this machine's template of the embedded database once (PGlite's
// initdb, 7-13 s), so the first `npm start` copies it in a fraction of a second instead. Never fails the
// install: without a template the first start runs initdb itself (and keeps the result as the template).
// Set VERBA_PGLITE_TEMPLATE=0 to skip it.
if (process.env.VERBA_PGLITE_TEMPLATE === '0') process.exit(0);
try {
  const started = Date.now();
  // The database code is TypeScript: load it through tsx, as `npm start` does.
  const { register } = await import('tsx/esm/api');
  register();
  const { ensurePgliteTemplate } = await import('../services/src/platform/db/embedded.ts');
  const { template, created } = await ensurePgliteTemplate();
  if (created) console.log(`verba: embedded database template made in ${((Date.now() - started) / 1000).toFixed(1)} s (${template})`);
} catch (e) {
  console.warn(
    `verba: no embedded database template (the first start will create the database instead): ${e instanceof Error ? e.message : String(e)}`,
  );
}
