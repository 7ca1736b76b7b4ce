/** Writes the manifests as one multi-document YAML file: `npm run synth -w deploy [-- --version 1.2.3 --public-url https://verba.app --out file]`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { defaults, verbaManifests, type Manifest } from './manifests';

export function synthesise(manifests: Manifest[]): string {
  return manifests.map((m) => stringify(m.toJSON())).join('---\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      version: { type: 'string', default: defaults.version },
      image: { type: 'string', default: defaults.image },
      environment: { type: 'string', default: defaults.environment },
      'public-url': { type: 'string', default: defaults.publicUrl },
      out: { type: 'string', default: path.join(import.meta.dirname, 'dist', 'verba.yaml') },
    },
  });
  const manifests = verbaManifests({
    ...defaults,
    version: values.version,
    image: values.image,
    environment: values.environment,
    publicUrl: values['public-url'],
  });
  for (const m of manifests) m.validate();
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, synthesise(manifests));
  console.log(`wrote ${manifests.length} objects to ${values.out}`);
}
