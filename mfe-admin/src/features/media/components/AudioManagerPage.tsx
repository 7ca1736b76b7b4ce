import { useState, type FormEvent } from 'react';
import { Button, EmptyState, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { AlertDialog, SentencePlayer } from '@verba/kit/ui';
import {
  DEFAULT_VOICES,
  LANGUAGE_NAMES,
  MESSAGES,
  splitSentences,
  voicesForLanguage,
  type LearningLanguage,
  type VoiceId,
} from '@verba/contracts/domain';
import { AUDIO_MAX_BYTES, AUDIO_MESSAGES, AUDIO_TYPES, type AudioTarget } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse, useAdminCourses } from '../../../shared/api/courses';
import { htmlToText } from '@verba/kit';
import { FileField } from '../../../components/FileField';
import { uploadAudio, useArticleText, useAudio, useChapterText, useCourseOf, useGenerateAudio, useRemoveAudio } from '../api/media';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** /app/admin/audio-manager[?chapterId|articleId]: the audio of a chapter or article, generated or uploaded. */
export function AudioManagerPage() {
  const chapterId = useSearchParam('chapterId');
  const articleId = useSearchParam('articleId');
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Audio manager"
        subtitle="Audio for chapters and articles: generate it with the speech engine, or upload MP3, WAV or Ogg up to 20 MB. Learners hear it with the sentence being spoken highlighted."
      />
      {chapterId ? <ChapterAudio chapterId={chapterId} /> : articleId ? <ArticleAudio articleId={articleId} /> : <ChooseTarget />}
    </main>
  );
}

function ChooseTarget() {
  const courses = useAdminCourses();
  const courseId = useSearchParam('courseId') ?? courses.data?.languages.find((l) => l.course)?.course?.id;
  const course = useAdminCourse(courseId);
  const [article, setArticle] = useState('');
  const [error, setError] = useState<string>();
  const openArticle = (e: FormEvent) => {
    e.preventDefault();
    const id = UUID.exec(article)?.[0];
    if (!id) return setError('Paste the article’s id or its reader link.');
    navigate(withQuery(ADMIN_PATHS.audioManager, { articleId: id.toLowerCase() }));
  };
  return (
    <>
      <section className="ad-panel" aria-labelledby="ad-audio-chapters">
        <h2 id="ad-audio-chapters" className="ad-panel__subtitle">
          Course chapters
        </h2>
        <nav aria-label="Courses" className="ad-tabs">
          {courses.data?.languages.map(({ languageCode, course: c }) =>
            c ? (
              <Link
                key={languageCode}
                href={withQuery(ADMIN_PATHS.audioManager, { courseId: c.id })}
                className="ad-tab"
                aria-current={c.id === courseId ? 'page' : undefined}
              >
                {LANGUAGE_NAMES[languageCode]}
              </Link>
            ) : null,
          )}
        </nav>
        {course.isPending && courseId ? <Spinner label="Loading chapters…" /> : null}
        <QueryErrorNotice query={course} title="The course could not be loaded." />
        {course.data?.lessons.map((lesson, i) => (
          <div key={lesson.id}>
            <h3 className="ad-muted">
              Lesson {i + 1}: {lesson.title}
            </h3>
            <ul className="ad-sortable">
              {lesson.chaptersOrder.map((chapter) => (
                <li key={chapter.id} className="ad-sortable__row">
                  <div className="ad-row">
                    <span className="ad-row__title">{chapter.title}</span>
                    <Link
                      className="vk-btn vk-btn--secondary vk-btn--sm"
                      href={withQuery(ADMIN_PATHS.audioManager, { chapterId: chapter.id })}
                      aria-label={`Audio of ${chapter.title}`}
                    >
                      Audio
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      <form className="ad-panel ad-panel--spaced ad-upload" onSubmit={openArticle} noValidate>
        <div className="vk-field">
          <label className="vk-field__label" htmlFor="ad-audio-article">
            Library article (id or reader link)
          </label>
          <input
            id="ad-audio-article"
            className="vk-input"
            value={article}
            onChange={(e) => (setArticle(e.target.value), setError(undefined))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ad-audio-article-error' : undefined}
          />
          {error ? (
            <p id="ad-audio-article-error" className="vk-field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary">
          Open article
        </Button>
      </form>
    </>
  );
}

function ChapterAudio({ chapterId }: { chapterId: string }) {
  const chapter = useChapterText(chapterId);
  const course = useCourseOf(chapter.data?.courseId);
  if (chapter.isPending) return <Spinner label="Loading the chapter…" />;
  if (chapter.isError) return <QueryErrorNotice query={chapter} title="The chapter could not be loaded." />;
  const back = withQuery(ADMIN_PATHS.audioManager, { courseId: chapter.data.courseId });
  if (!course.data) return <Spinner label="Loading the course…" />;
  return (
    <AudioEditor
      targetKind="chapter"
      targetId={chapterId}
      title={chapter.data.title}
      text={chapter.data.text}
      language={course.data.languageCode}
      back={back}
    />
  );
}

function ArticleAudio({ articleId }: { articleId: string }) {
  const article = useArticleText(articleId);
  if (article.isPending) return <Spinner label="Loading the article…" />;
  if (article.isError) return <QueryErrorNotice query={article} title="The article could not be loaded." />;
  const { name, content, contentFormat, languageCode } = article.data;
  const text = contentFormat === 'html' ? htmlToText(content) : content;
  return (
    <AudioEditor
      targetKind="article"
      targetId={articleId}
      title={name}
      text={text}
      language={languageCode}
      back={ADMIN_PATHS.audioManager}
    />
  );
}

interface EditorProps {
  targetKind: AudioTarget;
  targetId: string;
  title: string;
  text: string;
  language: LearningLanguage;
  back: string;
}

function AudioEditor({ targetKind, targetId, title, text, language, back }: EditorProps) {
  const params = { targetKind, targetId };
  const audio = useAudio(params);
  const saved = (what: string) => toast({ title: what });
  const remove = useRemoveAudio({
    onSuccess: () => saved('The audio was removed'),
    onError: (e) => toast({ title: 'The audio was not removed.', description: e.message, variant: 'destructive' }),
  });
  const sentences = splitSentences(text).length;
  return (
    <>
      <p>
        <Link href={back}>← Choose another chapter or article</Link>
      </p>
      <h2>
        {targetKind === 'chapter' ? 'Chapter' : 'Article'}: {title}
      </h2>
      <p className="ad-muted">
        {LANGUAGE_NAMES[language]} · {sentences} sentence{sentences === 1 ? '' : 's'}
      </p>
      <section className="ad-panel ad-panel--spaced" aria-labelledby="ad-audio-current">
        <h3 id="ad-audio-current" className="ad-panel__subtitle">
          Current audio
        </h3>
        {audio.isPending ? <Spinner label="Loading the audio…" /> : null}
        <QueryErrorNotice query={audio} title="The audio could not be loaded." />
        {audio.data && !audio.data.audio ? <EmptyState title="No audio yet">Generate it or upload a file below.</EmptyState> : null}
        {audio.data?.audio ? (
          <>
            <p className="ad-muted" role="status">
              {audio.data.audio.source === 'generated'
                ? 'Generated by the speech engine: each sentence timed as it was spoken.'
                : 'Uploaded: sentence timings estimated from sentence lengths.'}
            </p>
            <SentencePlayer audio={audio.data.audio} text={text} showTimes label="Current audio with sentence timings" />
            <AlertDialog
              trigger={
                <Button size="sm" variant="danger" disabled={remove.isPending}>
                  Remove audio
                </Button>
              }
              title={`Remove the audio of “${title}”?`}
              description="Learners no longer hear it. You can generate or upload it again."
              confirmLabel="Remove audio"
              destructive
              onConfirm={() => remove.mutate({ params })}
            />
          </>
        ) : null}
      </section>
      <Generate
        targetKind={targetKind}
        targetId={targetId}
        text={text}
        language={language}
        onSaved={() => saved('The audio was generated')}
      />
      <Upload targetKind={targetKind} targetId={targetId} text={text} onSaved={() => saved('The audio was uploaded')} />
    </>
  );
}

function Generate({ targetKind, targetId, text, language, onSaved }: Omit<EditorProps, 'title' | 'back'> & { onSaved: () => void }) {
  const [voiceId, setVoiceId] = useState<VoiceId>(DEFAULT_VOICES[language]);
  const generate = useGenerateAudio({
    onSuccess: () => onSaved(),
    onError: (e) => toast({ title: 'The audio was not generated.', description: e.message, variant: 'destructive' }),
  });
  return (
    <form
      className="ad-panel ad-panel--spaced ad-upload"
      aria-label="Generate audio"
      onSubmit={(e) => (e.preventDefault(), generate.mutate({ params: { targetKind, targetId }, body: { text, voiceId } }))}
    >
      <div className="vk-field">
        <label className="vk-field__label" htmlFor="ad-audio-voice">
          Voice
        </label>
        <select id="ad-audio-voice" className="vk-input" value={voiceId} onChange={(e) => setVoiceId(e.target.value as VoiceId)}>
          {voicesForLanguage(language).map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={generate.isPending}>
        {generate.isPending ? 'Generating…' : 'Generate audio'}
      </Button>
    </form>
  );
}

function Upload({ targetKind, targetId, text, onSaved }: { targetKind: AudioTarget; targetId: string; text: string; onSaved: () => void }) {
  const [files, setFiles] = useState<FileList | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setError(undefined);
    if (!files || files.length !== 1) return setError(MESSAGES.form.fileRequired);
    // The server checks again by the bytes; this only saves sending 20 MB for nothing.
    if (files[0]!.size > AUDIO_MAX_BYTES) return setError(AUDIO_MESSAGES.tooLarge);
    setBusy(true);
    try {
      await uploadAudio({ targetKind, targetId }, files[0]!, text);
      form.reset();
      setFiles(null);
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ad-panel ad-panel--spaced ad-upload" aria-label="Upload audio" onSubmit={(e) => void submit(e)} noValidate>
      <FileField
        id="ad-audio-file"
        label="Audio file (MP3, WAV or Ogg, up to 20 MB)"
        accept={AUDIO_TYPES}
        error={error}
        onFiles={setFiles}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Uploading…' : 'Upload'}
      </Button>
    </form>
  );
}
