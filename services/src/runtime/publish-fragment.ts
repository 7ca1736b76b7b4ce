/**
 * Publishes or rolls back one fragment, run from the fragment's folder:
 *   npm run publish -w mfe-reader -- --env staging [--no-build] [--dist <dir>]
 *   npm run rollback -w mfe-reader -- --env staging
 * The store is FRAGMENT_STORE_DIR (default .verba/fragment-store) or FRAGMENT_STORE_S3_BUCKET.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config';
import { publishFragment, rollbackFragment } from '../platform/fragments/registry';
import { fragmentStoreFor } from '../platform/fragments/store';

const USAGE = 'Usage: npm run publish|rollback -w mfe-<name> -- --env <environment> [--no-build] [--dist <dir>]';

export async function runPublishCli(argv: string[], cwd: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      dist: { type: 'string' },
      fragment: { type: 'string' },
    },
  });
  const command = positionals[0];
  const name = values.fragment ?? /^mfe-([a-z]+)$/.exec(path.basename(cwd))?.[1];
  if ((command !== 'publish' && command !== 'rollback') || !values.env || !name) {
    console.error(USAGE);
    return 2;
  }
  if (!/^[a-z0-9-]{1,40}$/.test(values.env)) {
    console.error('--env must be a short lower-case name such as staging');
    return 2;
  }
  const store = await fragmentStoreFor(loadConfig());
  if (command === 'rollback') {
    const { version, from } = await rollbackFragment(store, { name, env: values.env });
    console.log(`${name} in ${values.env}: rolled back from ${from} to ${version}`);
    return 0;
  }
  if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd, stdio: 'inherit' });
  const result = await publishFragment(store, { name, env: values.env, dist: path.resolve(cwd, values.dist ?? 'dist') });
  console.log(
    result.previous === result.version
      ? `${name} ${result.version} is already what ${values.env} serves`
      : `${name} ${result.version} published to ${values.env} (${result.uploaded} files uploaded; was ${result.previous ?? 'the built-in copy'})`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = await runPublishCli(process.argv.slice(2), process.cwd());
  } catch (e) {
    console.error(e instanceof ConfigError || e instanceof Error ? e.message : e);
    process.exitCode = 1;
  }
}
