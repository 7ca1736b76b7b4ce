import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, type ExportFormat } from '../platform/integration/export';
import { parseReplayBound, type ReplayFilter } from '../platform/integration/replay';

export interface AnalystArgs {
  filter: ReplayFilter;
  /** The topic of a replay, the file of an export. */
  target: string;
  format: ExportFormat;
}

/** Arguments of `replay` and `export`; throws with a message for the user on anything wrong. */
export function parseAnalystArgs(command: 'replay' | 'export', args: string[]): AnalystArgs {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      types: { type: 'string' },
      topic: { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string' },
    },
    strict: true,
  });
  const target = command === 'replay' ? values.topic : values.out;
  if (!target) throw new Error(command === 'replay' ? 'replay needs --topic' : 'export needs --out');
  const format = (values.format ?? 'ndjson') as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new Error(`--format is one of ${EXPORT_FORMATS.join(', ')}`);
  const filter: ReplayFilter = {
    ...(values.from ? { from: parseReplayBound(values.from, 'from') } : {}),
    ...(values.to ? { to: parseReplayBound(values.to, 'to') } : {}),
    ...(values.types
      ? {
          types: values.types
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        }
      : {}),
  };
  return { filter, target, format };
}
