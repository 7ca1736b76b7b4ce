import { ANNOUNCEMENT_IMAGE_URL, ANNOUNCEMENT_LINK_URL } from '@verba/contracts/domain';
import type { Announcement, ContentBlock } from '@verba/contracts';
import { Link } from '../routing/navigation';

/**
 * One announcement banner as learners see it. The shell shows it above pages; the admin fragment's
 * preview renders this same component, so what an admin previews is what learners get. Every block is
 * text or an image of the image manager (its URL checked by the contract and again here); nothing is
 * rendered as HTML.
 */
export function AnnouncementBanner({ banner, onDismiss }: { banner: Pick<Announcement, 'content'>; onDismiss?: () => void }) {
  return (
    <section className="sh-announcement" aria-label="Announcement">
      <div className="sh-announcement__body">
        {banner.content.blocks.map((block, i) => (
          <AnnouncementBlock key={i} block={block} />
        ))}
      </div>
      {onDismiss ? (
        <button type="button" className="sh-announcement__close" aria-label="Dismiss announcement" onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </section>
  );
}

export function AnnouncementBlock({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'header':
      return <p className="sh-announcement__title">{block.data.text}</p>;
    case 'link':
      // Checked again here: the admin preview renders what is typed before the server has checked it.
      if (!ANNOUNCEMENT_LINK_URL.test(block.data.url)) return <p>{block.data.text}</p>;
      return block.data.url.startsWith('/') ? (
        <Link href={block.data.url}>{block.data.text}</Link>
      ) : (
        <a href={block.data.url} target="_blank" rel="noopener noreferrer">
          {block.data.text}
        </a>
      );
    case 'image':
      return ANNOUNCEMENT_IMAGE_URL.test(block.data.url) ? (
        <img className="sh-announcement__image" src={block.data.url} alt={block.data.alt} />
      ) : null;
    default:
      return <p>{block.data.text}</p>;
  }
}
