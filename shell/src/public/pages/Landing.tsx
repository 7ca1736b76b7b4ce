import { Link } from '@verba/kit';
import { PATHS } from '../../routing/paths';
import { Icon, type IconName } from './icons';
import { LANGUAGE_CARDS } from './languages';

const FEATURES = [
  {
    icon: 'library' as IconName,
    title: 'A library at your level',
    text: 'Articles and series on travel, food, history, science and more, each labelled from A1 to C2 and with how hard it will be for you, based on the words you already know.',
  },
  {
    icon: 'mark' as IconName,
    title: 'Mark every word',
    text: 'Every word starts as New. Mark it Known or Uncertain with one tap; your personal dictionary grows as you read and colours the next text for you.',
  },
  {
    icon: 'translate' as IconName,
    title: 'Translations offline, AI in context',
    text: 'Tap a word for its meanings and base form from offline dictionaries; a sentence gets a word-by-word gloss. Where the site has an AI server configured, you get the translation of the word or the whole sentence as it is used here.',
  },
  {
    icon: 'speaker' as IconName,
    title: 'Hear it spoken',
    text: 'Natural voices read words and sentences aloud, from Marlene in German to Tatyana in Russian, at the speed you choose.',
  },
  {
    icon: 'cards' as IconName,
    title: 'Flashcards that schedule themselves',
    text: 'Save words from any text. The FSRS scheduler brings each card back just before you would forget it, so ten minutes a day go a long way.',
  },
  {
    icon: 'course' as IconName,
    title: 'Courses when you want a path',
    text: 'Step-by-step lessons and chapters take you from your starting point onwards, with practice games for the words of each chapter.',
  },
];

const STEPS = [
  ['Pick a text', 'Choose an article at your level, or, with Master, add your own as a private article.'],
  ['Read and mark', 'Tap the words you do not know. Translate, listen, and mark them Known or Uncertain.'],
  ['Review', 'Uncertain words become flashcards. Review them in a few minutes a day and watch your level rise.'],
] as const;

/** A sentence as the reader shows it: new words highlighted, uncertain ones marked, known ones plain. */
const SAMPLE: [string, 'new' | 'uncertain' | 'known'][] = [
  ['Am', 'known'],
  ['Wochenende', 'uncertain'],
  ['fahren', 'known'],
  ['wir', 'known'],
  ['mit', 'known'],
  ['dem', 'known'],
  ['Zug', 'known'],
  ['an', 'known'],
  ['die', 'known'],
  ['Ostsee,', 'new'],
  ['wo', 'known'],
  ['der', 'known'],
  ['Wind', 'known'],
  ['nach', 'known'],
  ['Salz', 'uncertain'],
  ['und', 'known'],
  ['Sommer', 'known'],
  ['riecht.', 'new'],
];

export function Landing() {
  return (
    <div className="pb-landing">
      <section className="pb-hero" aria-labelledby="hero-title">
        <div className="pb-hero__text">
          <p className="pb-eyebrow">German · French · Spanish · Russian</p>
          <h1 id="hero-title">Read your way to fluency</h1>
          <p className="pb-lead">
            Verba is a reading-first language app. Read real texts at your level, mark every word you meet, hear it spoken, and let
            flashcards bring back exactly the words you are about to forget.
          </p>
          <div className="pb-actions">
            <Link href={PATHS.signUp} className="vk-btn vk-btn--primary pb-cta">
              Start reading free
            </Link>
            <a href="#how-it-works" className="vk-btn vk-btn--secondary pb-cta">
              See how it works
            </a>
          </div>
          <p className="pb-note">
            Free to start, no card needed. Already reading with us? <Link href={PATHS.signIn}>Sign in</Link>
          </p>
        </div>
        <figure className="pb-reader" aria-label="A sentence in the Verba reader">
          <div className="pb-reader__bar">
            <span>Eine Reise an die Ostsee</span>
            <span className="pb-chip">A2 · Ideal</span>
          </div>
          <p className="pb-reader__text" lang="de">
            {SAMPLE.map(([word, status], i) => (
              <span key={i} className={`pb-word pb-word--${status}`}>
                {word}
              </span>
            ))}
          </p>
          <div className="pb-reader__popup">
            <strong lang="de">die Ostsee</strong>
            <span>the Baltic Sea</span>
            <span className="pb-reader__buttons">
              <span className="pb-pill pb-pill--known">Known</span>
              <span className="pb-pill pb-pill--uncertain">Uncertain</span>
              <span className="pb-pill">Listen</span>
            </span>
          </div>
          <figcaption className="pb-legend">
            <span>
              <i className="pb-word pb-word--new">New</i>
            </span>
            <span>
              <i className="pb-word pb-word--uncertain">Uncertain</i>
            </span>
            <span>
              <i className="pb-word pb-word--known">Known</i>
            </span>
          </figcaption>
        </figure>
      </section>

      <section className="pb-section" aria-labelledby="features-title">
        <h2 id="features-title" className="pb-section__title">
          Everything you need to learn from what you read
        </h2>
        <ul className="pb-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="pb-card">
              <span className="pb-card__icon">
                <Icon name={f.icon} />
              </span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="pb-section" id="how-it-works" aria-labelledby="how-title">
        <h2 id="how-title" className="pb-section__title">
          How it works
        </h2>
        <ol className="pb-steps">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="pb-step">
              <span className="pb-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="pb-section" aria-labelledby="languages-title">
        <h2 id="languages-title" className="pb-section__title">
          Four languages, one way of learning
        </h2>
        <ul className="pb-grid pb-grid--languages">
          {LANGUAGE_CARDS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="pb-language">
                <span className="pb-language__hello" lang={l.code}>
                  {l.hello}
                </span>
                <strong>Learn {l.name}</strong>
                <span>{l.tagline}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="pb-section pb-plans" aria-labelledby="plans-title">
        <h2 id="plans-title" className="pb-section__title">
          Free to read. Master when you want more.
        </h2>
        <div className="pb-grid pb-grid--two">
          <div className="pb-card">
            <h3>Free</h3>
            <ul className="pb-list">
              <li>The public library in all four languages</li>
              <li>Word marking and your personal dictionary</li>
              <li>Flashcards with spaced repetition</li>
              <li>50 text-to-speech pronunciations a month</li>
            </ul>
          </div>
          <div className="pb-card pb-card--accent">
            <h3>Master</h3>
            <ul className="pb-list">
              <li>Everything in Free</li>
              <li>Unlimited text to speech</li>
              <li>Premium articles and course chapters</li>
              <li>Your own private articles and series</li>
            </ul>
            <p className="pb-note">Monthly, yearly or two-yearly, in your currency. Cancel any time.</p>
          </div>
        </div>
      </section>

      <section className="pb-final" aria-labelledby="final-title">
        <h2 id="final-title">Your next text is waiting</h2>
        <p>Create a free account, choose your language and level, and read your first article in two minutes.</p>
        <Link href={PATHS.signUp} className="vk-btn vk-btn--primary pb-cta">
          Create your free account
        </Link>
      </section>
    </div>
  );
}
