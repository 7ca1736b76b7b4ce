import { Link } from '../routing/navigation';

const SUBSCRIBE_PATH = '/app/user-profile/subscribe';

/**
 * What a free learner sees instead of Master-only content (a locked article or chapter): the spec's
 * message and an Upgrade link. Not an error to retry. Styled inline: the look is the fragments' former
 * locked box, and the kit's stylesheet stays as it is.
 */
export function MasterOnlyNotice({ message }: { message: string }) {
  return (
    <div
      className="vk-master-only"
      role="alert"
      style={{
        background: 'var(--vk-surface)',
        border: '1px solid var(--vk-border)',
        borderRadius: 'var(--vk-radius)',
        padding: '1rem 1.2rem',
      }}
    >
      <p>{message}</p>
      <Link
        href={SUBSCRIBE_PATH}
        className="vk-btn vk-btn--primary vk-btn--md"
        style={{ textDecoration: 'none', color: 'var(--vk-primary-text)' }}
      >
        Upgrade to Master
      </Link>
    </div>
  );
}
