import { useCallback, useEffect, useRef, useState } from 'react';
import { client, startCommand, startUpload, type Started } from '@verba/kit';
import {
  importFile,
  importProgress,
  importText,
  importUrl,
  type ImportProgress,
  type ImportResult,
  type ImportSettings,
} from '@verba/contracts/http';

export type ImportSource = { kind: 'text'; name: string; text: string } | { kind: 'file'; file: File } | { kind: 'url'; url: string };

/** What the page shows while an import runs: a percentage and what is happening. */
export interface ImportStatus {
  percent: number;
  label: string;
}

const POLL_MS = 400;

/** Uploading takes the first part of the bar; reading the source and writing the articles the rest. */
export function statusOf(upload: number | null, progress: ImportProgress | null): ImportStatus {
  if (progress?.stage === 'creating' && progress.total > 0) {
    return { percent: 40 + (60 * progress.done) / progress.total, label: `Creating articles: ${progress.done} of ${progress.total}` };
  }
  if (progress?.stage === 'done') return { percent: 100, label: 'Done' };
  if (progress?.stage === 'reading') return { percent: 35, label: 'Reading the text…' };
  if (upload !== null && upload < 1) return { percent: 30 * upload, label: `Uploading… ${Math.round(upload * 100)}%` };
  return { percent: 30, label: 'Reading the text…' };
}

function start(source: ImportSource, settings: ImportSettings, onUpload: (fraction: number) => void): Started<ImportResult> {
  if (source.kind === 'file') {
    return startUpload(importFile, { fields: { ...settings }, file: source.file, filename: source.file.name, onUploadProgress: onUpload });
  }
  if (source.kind === 'url') return startCommand(importUrl, { body: { ...settings, url: source.url } });
  return startCommand(importText, { body: { ...settings, name: source.name, text: source.text } });
}

/**
 * Runs one import and follows it: the upload's own progress, then the server's (GET import/progress by the
 * command id, polled until the import answers). The lists that show articles read after its position.
 */
export function useImport() {
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  const run = useCallback(async (source: ImportSource, settings: ImportSettings): Promise<ImportResult> => {
    let upload: number | null = source.kind === 'file' ? 0 : null;
    let progress: ImportProgress | null = null;
    const show = () => setStatus(statusOf(upload, progress));
    show();
    const started = start(source, settings, (fraction) => {
      upload = fraction;
      show();
    });
    timer.current = setInterval(() => {
      client.call(importProgress, { query: { importId: started.commandId } }).then(
        (p) => {
          progress = p;
          show();
        },
        () => undefined, // not started yet on the server, or already answered: the result says the rest
      );
    }, POLL_MS);
    try {
      return await started.result;
    } finally {
      clearInterval(timer.current);
      setStatus(null);
    }
  }, []);

  return { run, status };
}
