/**
 * A fragment is built against the shared singletons (React, the kit, the kit's query cache) the shell
 * provides at run time. A fragment deployed on its own may have been built against another major: it
 * would break the page (two Reacts, a kit without the session store it expects), so it is refused before
 * any of its code runs, with a message in its own area.
 */
import { version as reactVersion } from 'react';
import { satisfy } from '@module-federation/enhanced/runtime';
import kitPackage from '../../kit/package.json';

/** The singletons this shell provides, and the versions it was built with. */
export const HOST_SINGLETONS: Readonly<Record<string, string>> = {
  react: reactVersion,
  'react-dom': reactVersion,
  'react-dom/client': reactVersion,
  'react/jsx-runtime': reactVersion,
  '@verba/kit': kitPackage.version,
  '@verba/kit/query': kitPackage.version,
};

interface ManifestShared {
  name: string;
  version?: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** Why a fragment's mf-manifest.json cannot run beside this shell, or undefined when it can. */
export function incompatibility(manifest: unknown, host: Readonly<Record<string, string>> = HOST_SINGLETONS): string | undefined {
  const shared = (manifest as { shared?: ManifestShared[] } | null)?.shared;
  if (!Array.isArray(shared)) return 'its manifest lists no shared modules';
  const problems = new Set<string>();
  for (const s of shared) {
    const ours = host[s.name];
    if (!ours || !s.singleton) continue;
    // The fragment's range must accept the shell's copy (the one it will get), and the copy it was
    // built with must be of the same major as ours, or its code may use what ours does not have.
    const wants = typeof s.requiredVersion === 'string' ? s.requiredVersion : undefined;
    // One line per package: react-dom/client says nothing react-dom did not.
    if (wants && !satisfy(ours, wants)) problems.add(`${packageOf(s.name)} ${wants} (this page has ${ours})`);
    else if (s.version && major(s.version) !== major(ours)) problems.add(`${packageOf(s.name)} ${s.version} (this page has ${ours})`);
  }
  return problems.size ? `it was built for ${[...problems].join(', ')}` : undefined;
}

const packageOf = (name: string) => (name.startsWith('@verba/kit') ? '@verba/kit' : name.split('/')[0]!.replace(/-dom$/, ''));
const major = (v: string) => v.replace(/^[^\d]*/, '').split('.')[0];
