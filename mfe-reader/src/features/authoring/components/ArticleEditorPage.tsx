import { ErrorNotice, isAdmin, navigate, QueryErrorNotice, Spinner, toast, useSession } from '@verba/kit';
import { LearningLanguageSchema, type LearningLanguage } from '@verba/contracts';
import { LIBRARY_MESSAGES, type Article } from '@verba/contracts/http';
import { saveArticle, useCreateCheck, useEditedArticle, useUserSeries } from '../api/authoring-api';
import { ArticleForm, type ArticleFormInput, type ArticleFormOutput } from './ArticleForm';
import { EditorFrame } from './SavingForm';
import { ImportPanel } from './ImportPanel';
import { Tabs } from '@verba/kit/ui';
import '../authoring.css';

export const APPROVAL_NOTICE = 'Your article was sent for approval. It appears in the public library once an administrator approves it.';

const EMPTY: ArticleFormInput = {
  name: '',
  category: 'Other',
  generalDifficulty: 'A1',
  content: '',
  translation: '',
  previewImgSrc: '',
  authorDisplayName: '',
  seriesId: '',
  visibility: 'private',
  isPremiumOnly: false,
};

const fromArticle = (a: Article): ArticleFormInput => ({
  name: a.name,
  category: a.category,
  generalDifficulty: a.generalDifficulty,
  content: a.content,
  translation: a.translation,
  previewImgSrc: a.previewImgSrc ?? '',
  authorDisplayName: a.authorDisplayName,
  seriesId: a.seriesId ?? '',
  visibility: a.isPrivate ? 'private' : 'public',
  isPremiumOnly: a.isPremiumOnly,
});

/** Saves, then opens the article in the reader, saying so when it waits for approval. */
async function save(values: ArticleFormOutput, languageCode: LearningLanguage, existing: Article | undefined) {
  const { visibility, ...rest } = values;
  const input = { ...rest, languageCode, isPrivate: visibility === 'private', contentFormat: existing?.contentFormat ?? 'text' };
  // A declined moderation check keeps the form as it is and says why.
  const article = await saveArticle(input, existing?.id);
  return () => {
    if (!article.isPrivate && article.needApprove) toast({ title: 'Sent for approval', description: APPROVAL_NOTICE });
    else toast({ title: existing ? 'Article saved' : 'Article added' });
    navigate(`/app/library/${encodeURIComponent(article.id)}`);
  };
}

function Editor({ languageCode, existing, publicAllowed }: { languageCode: LearningLanguage; existing?: Article; publicAllowed: boolean }) {
  const { user } = useSession();
  const series = useUserSeries(languageCode);
  return (
    <ArticleForm
      initial={existing ? fromArticle(existing) : EMPTY}
      series={series.data?.series ?? []}
      publicAllowed={publicAllowed || (existing !== undefined && !existing.isPrivate)}
      admin={user ? isAdmin(user) : false}
      submitLabel={existing ? 'Save changes' : 'Add article'}
      onSave={(values) => save(values, languageCode, existing)}
    />
  );
}

/** /app/add-article: after the create check (a 403 goes to the subscribe page). */
export function AddArticlePage() {
  const { user } = useSession();
  const languageCode = LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
  const { check, error } = useCreateCheck(true);
  return (
    <EditorFrame title="Add article" back={['/app/library', 'Library']}>
      {error ? <ErrorNotice title="Articles cannot be added right now." detail={error.message} /> : null}
      {!check && !error ? <Spinner label="Loading…" /> : null}
      {check ? (
        <>
          {check.privateArticleLimit !== null ? (
            <p className="rd-note">
              {check.privateArticles} of {check.privateArticleLimit} private articles used.
            </p>
          ) : null}
          <Tabs
            label="How to add the article"
            tabs={[
              { value: 'write', label: 'Write', content: <Editor languageCode={languageCode} publicAllowed={check.canCreatePublic} /> },
              { value: 'import', label: 'Import text, file or web page', content: <ImportPanel languageCode={languageCode} /> },
            ]}
          />
        </>
      ) : null}
    </EditorFrame>
  );
}

/** /app/edit-article?id=...: the author's own article only. */
export function EditArticlePage({ articleId }: { articleId: string }) {
  const article = useEditedArticle(articleId);
  const { check } = useCreateCheck(true);
  return (
    <EditorFrame title="Edit article" back={['/app/library', 'Library']}>
      {article.isPending ? <Spinner label="Loading the article…" /> : null}
      <QueryErrorNotice query={article} title="This article could not be loaded." />
      {article.data && !article.data.isAuthor ? <ErrorNotice title={LIBRARY_MESSAGES.notAuthor} /> : null}
      {article.data?.isAuthor && article.data.declineReason ? (
        <p className="rd-warning" role="status">
          An administrator declined this article for the public library: “{article.data.declineReason}”.
        </p>
      ) : null}
      {article.data?.isAuthor ? (
        <Editor
          key={article.data.id}
          languageCode={article.data.languageCode}
          existing={article.data}
          publicAllowed={check?.canCreatePublic ?? false}
        />
      ) : null}
    </EditorFrame>
  );
}
