import { useEffect, useState } from 'react';
import { Link } from '@verba/kit';
import { LANGUAGE_NAMES, isLearningLanguage, type ArticleSummary } from '@verba/contracts';
import { fetchRelatedArticles } from './blog-api';

/** "Read next": public library articles in the post's language (none when the post is about no one language). */
export function RelatedArticles({ language }: { language: string | null }) {
  const [articles, setArticles] = useState<ArticleSummary[] | null>(null);
  useEffect(() => {
    if (!isLearningLanguage(language)) return;
    let live = true;
    fetchRelatedArticles(language).then(
      (a) => live && setArticles(a),
      () => live && setArticles([]),
    );
    return () => {
      live = false;
    };
  }, [language]);
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
