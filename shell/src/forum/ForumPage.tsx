import { usePathname } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { DiscussPage } from './DiscussPage';
import { ForumHome } from './ForumHome';
import { isLanguage } from './forum-api';
import { ThreadList } from './ThreadList';
import { ThreadPage } from './ThreadPage';
import './forum.css';

/** Everything under /app/forum: home, a language's threads, a thread, and the Discuss entry of articles and chapters. */
export function ForumPage() {
  const parts = usePathname().replace(/\/+$/, '').split('/').slice(3);
  let content;
  if (parts[0] === 'thread' && parts[1]) content = <ThreadPage key={parts[1]} threadId={parts[1]} />;
  else if (parts[0] === 'discuss' && (parts[1] === 'article' || parts[1] === 'chapter') && parts[2])
    content = <DiscussPage kind={parts[1]} targetId={parts[2]} />;
  else if (parts[0] && isLanguage(parts[0])) content = <ThreadList key={parts[0]} language={parts[0]} />;
  else content = <ForumHome />;
  return (
    <KitProviders>
      <main className="sh-page fm-page">{content}</main>
    </KitProviders>
  );
}
