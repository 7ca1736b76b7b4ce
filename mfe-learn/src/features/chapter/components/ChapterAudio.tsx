import { SentencePlayer } from '@verba/kit/ui';
import { useChapterAudio } from '../api/chapter-api';

/** The chapter's audio, when an admin attached some: play it and follow the highlighted sentence. */
export function ChapterAudio({ chapterId, text }: { chapterId: string; text: string }) {
  const audio = useChapterAudio(chapterId);
  // No audio (or it could not be loaded) leaves the chapter as it was: reading needs no sound.
  if (!audio.data?.audio) return null;
  return <SentencePlayer audio={audio.data.audio} text={text} label="Listen to the chapter" />;
}
