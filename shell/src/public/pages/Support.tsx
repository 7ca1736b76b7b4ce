import { Link } from '@verba/kit';
import { PATHS } from '../../routing/paths';

const TOPICS = [
  {
    title: 'Getting started',
    text: 'Choose your language and level during sign-up, then open the library and pick a text marked Ideal or Easy.',
    href: PATHS.faq,
    link: 'Read the FAQ',
  },
  {
    title: 'Signing in',
    text: 'Accept cookies first: signing in needs them. Forgot your password? Use “Reset password” on the sign-in page.',
    href: PATHS.signIn,
    link: 'Go to sign-in',
  },
  {
    title: 'Master subscription',
    text: 'Upgrade, switch between monthly and yearly, or cancel from your subscription page. Master stays until the paid period ends.',
    href: PATHS.subscription,
    link: 'Open subscription',
  },
  {
    title: 'Words and flashcards',
    text: 'Words you mark Uncertain can become flashcards. Review the ones due today from the practice portal.',
    href: PATHS.practice,
    link: 'Open practice',
  },
  {
    title: 'Privacy and your data',
    text: 'See what we store and how to delete your account and data at any time.',
    href: PATHS.privacy,
    link: 'Privacy policy',
  },
];

export function Support() {
  return (
    <article className="pb-article">
      <h1>How can we help?</h1>
      <p className="pb-lead">Answers to common questions, and a direct line to the people who build Verba.</p>
      <ul className="pb-grid">
        {TOPICS.map((t) => (
          <li key={t.title} className="pb-card">
            <h2 className="pb-card__title">{t.title}</h2>
            <p>{t.text}</p>
            <Link href={t.href}>{t.link}</Link>
          </li>
        ))}
      </ul>
      <section className="pb-final" aria-labelledby="contact-title">
        <h2 id="contact-title">Still need help?</h2>
        <p>Send us a message and we will answer by email, usually within two working days.</p>
        <Link href={PATHS.contactUs} className="vk-btn vk-btn--primary pb-cta">
          Contact support
        </Link>
      </section>
    </article>
  );
}
