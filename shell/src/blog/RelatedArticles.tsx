import { Link } from '@verba/kit';
import { LANGUAGE_NAMES, isLearningLanguage } from '@verba/contracts';
import { useRelatedArticles } from './blog-api';

/** "Read next": public library articles in the post's language (none when the post is about no one language). */
export function RelatedArticles({ language }: { language: string | null }) {
  // A failed read shows nothing: "Read next" is extra.
  const articles = useRelatedArticles(isLearningLanguage(language) ? language : null).data;
  if (!isLearningLanguage(language) || !articles?.length) return null;
  return (
    <aside className="bg-related" aria-labelledby="bg-related-title">
      <h2 id="bg-related-title">Read next in {LANGUAGE_NAMES[language]}</h2>
      <ul>
        {articles.map((a) => (
          <li key={a.id}>
            <Link href={`/app/library/${encodeURIComponent(a.id)}`}>{a.name}</Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
