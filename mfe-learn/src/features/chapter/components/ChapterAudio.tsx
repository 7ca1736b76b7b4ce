import { useRouteQuery } from '@verba/kit/query';
import { SentencePlayer } from '@verba/kit/ui';
import { getAudio } from '@verba/contracts/http';

/** The chapter's audio, when an admin attached some: play it and follow the highlighted sentence. */
export function ChapterAudio({ chapterId, text }: { chapterId: string; text: string }) {
  const audio = useRouteQuery(getAudio, { params: { targetKind: 'chapter', targetId: chapterId } });
  // No audio (or it could not be loaded) leaves the chapter as it was: reading needs no sound.
  if (!audio.data?.audio) return null;
  return <SentencePlayer audio={audio.data.audio} text={text} label="Listen to the chapter" />;
}
