import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FragmentEnvironment } from '@verba/contracts';
import type { Config } from '../../../platform/config';
import type { Logger } from '../../../platform/logger';
import { readPointer } from '../../../platform/fragments/registry';
import { fragmentStoreFor, type FragmentStore } from '../../../platform/fragments/store';

/** Environments the deploy tooling publishes to (deploy/); a bucket cannot be listed through the store's port. */
const KNOWN_ENVIRONMENTS = ['staging', 'production'];

type FragmentConfig = Pick<
  Config,
  'FRAGMENT_ENV' | 'FRAGMENT_STORE_DIR' | 'FRAGMENT_STORE_S3_BUCKET' | 'FRAGMENT_STORE_S3_ENDPOINT' | 'FRAGMENT_STORE_S3_REGION'
>;

/**
 * The published fragment versions of each environment, from its registry pointer in the fragment store
 * (publish-fragment.ts writes it): the served version, since when, and the earlier ones a rollback goes
 * back to. The store's directory lists its environments; with a bucket, the known ones and this API's.
 */
export class FragmentEnvironments {
  private store: Promise<FragmentStore> | undefined;

  constructor(
    private readonly config: FragmentConfig,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  async list(): Promise<FragmentEnvironment[]> {
    const store = await (this.store ??= fragmentStoreFor(this.config));
    const names = await this.environments();
    const environments = await Promise.all(
      names.map(async (env): Promise<FragmentEnvironment> => {
        // One unreadable pointer (a bucket's outage, a hand-edited file) leaves the rest of the page readable.
        const pointer = await readPointer(store, env).then(
          (read) => read.pointer,
          (err: unknown) => {
            this.log.warn({ err, env }, 'fragment registry unreadable on the operations page');
            return { fragments: {} };
          },
        );
        const fragments = Object.entries(pointer.fragments)
          .map(([name, f]) => ({ name, version: f.version, since: f.publishedAt, earlier: f.history }))
          .sort((a, b) => a.name.localeCompare(b.name));
        return { env, served: env === this.config.FRAGMENT_ENV, fragments };
      }),
    );
    // An environment nothing was published to is only worth a row when this API serves it.
    return environments.filter((e) => e.fragments.length > 0 || e.served);
  }

  private async environments(): Promise<string[]> {
    const names = new Set(this.config.FRAGMENT_ENV ? [this.config.FRAGMENT_ENV] : []);
    if (this.config.FRAGMENT_STORE_S3_BUCKET) {
      for (const env of KNOWN_ENVIRONMENTS) names.add(env);
    } else {
      const files = await readdir(path.join(this.config.FRAGMENT_STORE_DIR, 'registry')).catch(() => [] as string[]);
      for (const f of files) if (/^[a-z0-9-]{1,40}\.json$/.test(f)) names.add(f.slice(0, -'.json'.length));
    }
    return [...names].sort();
  }
}
