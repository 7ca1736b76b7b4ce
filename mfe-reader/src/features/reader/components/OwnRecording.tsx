import { useRef, useState } from 'react';
import { toast } from '@verba/kit';
import { attachRecording } from '../api/recording-api';

type Stage = { stage: 'idle' } | { stage: 'sending'; fraction: number } | { stage: 'failed'; message: string };

/** What the file field takes: the formats the server reads (it tells them by their bytes, not by these). */
const ACCEPT = 'audio/mpeg,audio/ogg,audio/wav,.mp3,.ogg,.wav';

/**
 * The author of a private article attaches their own recording of it (a podcast's episode, an audiobook's
 * chapter): the server times each sentence (by the subtitles' cues, else by aligning the recording to the
 * text), and the player above the text then lights each sentence as it is spoken.
 */
export function OwnRecording({ articleId, hasAudio }: { articleId: string; hasAudio: boolean }) {
  const [state, setState] = useState<Stage>({ stage: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  const busy = state.stage === 'sending';

  const attach = async (file: File) => {
    setState({ stage: 'sending', fraction: 0 });
    try {
      await attachRecording(articleId, file, (fraction) => setState({ stage: 'sending', fraction }));
      setState({ stage: 'idle' });
      toast({
        title: 'Your recording is attached',
        description: 'Play it above the text: each sentence, and each word in it, lights up as it is spoken.',
      });
    } catch (error) {
      setState({ stage: 'failed', message: (error as Error).message });
    } finally {
      if (field.current) field.current.value = '';
    }
  };

  return (
    <details className="rd-own-recording" open={state.stage === 'idle' ? undefined : true}>
      <summary>{hasAudio ? 'Replace the recording' : 'Add your own recording'}</summary>
      <p className="rd-own-recording__hint">
        An mp3, ogg or wav file of this text read aloud, up to 100 MB and an hour. Each sentence is found in the recording, so it lights up
        in the text as it is spoken.
      </p>
      <label className="rd-own-recording__field">
        Recording{' '}
        <input
          ref={field}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void attach(file);
          }}
        />
      </label>
      {busy ? (
        <p role="status" className="rd-own-recording__status">
          {state.fraction < 1 ? (
            <>
              Uploading… <progress max={1} value={state.fraction} aria-label="Upload progress" />
            </>
          ) : (
            'Finding each sentence in the recording…'
          )}
        </p>
      ) : null}
      {state.stage === 'failed' ? (
        <p role="alert" className="rd-warning">
          {state.message}
        </p>
      ) : null}
    </details>
  );
}
