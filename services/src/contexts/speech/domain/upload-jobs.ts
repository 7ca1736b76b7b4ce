import { durationOf, sniffAudio } from './audio-files';

/**
 * An uploaded audio file's type and length, read on the untrusted pool (runtime/untrusted-worker.ts):
 * the frames of a 20 MB file are walked off the request thread.
 */
export const speechUploadJobs = {
  'speech.audio-file': ({ bytes }: { bytes: Uint8Array }) => {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const contentType = sniffAudio(buffer);
    return { contentType, durationSeconds: contentType ? durationOf(buffer, contentType) : undefined };
  },
};
