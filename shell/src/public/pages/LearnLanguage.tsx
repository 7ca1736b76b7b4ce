import { Link } from '@verba/kit';
import { PATHS } from '../../routing/paths';
import { LANGUAGE_CARDS, type LanguageCard } from './languages';

interface LanguagePage {
  intro: string;
  sample: { text: string; translation: string };
  challenges: { title: string; text: string }[];
  voices: string;
}

const PAGES: Record<LanguageCard['code'], LanguagePage> = {
  de: {
    intro:
      'German rewards readers. Its long compound words come apart into pieces you already know, and its cases stop being tables once you have seen them in a hundred real sentences. Verba gives you those sentences, at your level.',
    sample: { text: 'Die Bibliothek öffnet morgen früh um neun Uhr.', translation: 'The library opens tomorrow morning at nine.' },
    challenges: [
      {
        title: 'Compound nouns',
        text: 'Wochenendausflug is just Wochenende plus Ausflug. Look long words up in context, mark the parts you already know, and each new compound gets easier.',
      },
      {
        title: 'Der, die, das',
        text: 'Seeing each noun again and again with its article is how gender sticks. Save nouns to flashcards together with their article.',
      },
      {
        title: 'Word order',
        text: 'Verbs that wait until the end of the sentence feel natural once you have read them often enough, and listening helps you hear the rhythm.',
      },
    ],
    voices: 'Marlene, Vicki and Hans',
  },
  fr: {
    intro:
      'French is written very differently from how it sounds. Reading with audio closes that gap: you see the silent letters and hear the liaisons at the same time, sentence after sentence.',
    sample: { text: 'Nous avons pris un café au bord de la Seine.', translation: 'We had a coffee on the banks of the Seine.' },
    challenges: [
      {
        title: 'Spelling and sound',
        text: 'Every word and sentence can be read aloud, so the link between what you see and what you hear grows with each text.',
      },
      {
        title: 'Faux amis',
        text: 'Actuellement is not actually. AI translation explains a word as it is used in your sentence, which is where false friends give themselves away.',
      },
      {
        title: 'Everyday idioms',
        text: 'Save a whole expression such as avoir le cafard as one flashcard and review it, meaning and all.',
      },
    ],
    voices: 'Celine, Lea and Mathieu',
  },
  es: {
    intro:
      'Spanish is spoken in more than twenty countries, and you will meet all of them. Read texts from Madrid to Mexico City and listen to voices from Spain, Mexico and the United States.',
    sample: { text: 'Mañana vamos a la playa si no llueve.', translation: 'Tomorrow we are going to the beach if it does not rain.' },
    challenges: [
      {
        title: 'Verb forms',
        text: 'Hablo, hablé, hablaba, hablaría: you meet the forms in context long before you need the tables, and flashcards keep them fresh.',
      },
      {
        title: 'Ser and estar',
        text: 'Reading plenty of real sentences is the surest way to feel the difference between the two verbs for to be.',
      },
      {
        title: 'Many accents',
        text: 'Switch between Lucia, Enrique, Mia from Mexico, and Penelope and Miguel from the US to train your ear.',
      },
    ],
    voices: 'Lucia, Enrique, Mia, Penelope and Miguel',
  },
  ru: {
    intro:
      'Russian looks hard for a week and then becomes a pleasure to read. Verba helps you through the Cyrillic alphabet, the moving stress and the six cases with short texts, audio and flashcards.',
    sample: { text: 'Вечером мы гуляли по набережной.', translation: 'In the evening we walked along the embankment.' },
    challenges: [
      {
        title: 'Cyrillic',
        text: 'Start with short A1 texts. After a few of them you read Cyrillic without thinking, because every word you tap is also read aloud.',
      },
      {
        title: 'Stress',
        text: 'Stress in Russian is not written and changes the sound of a word. Listening to each sentence teaches it where a textbook cannot.',
      },
      {
        title: 'Cases',
        text: 'Книга, книги, книгу: you mark each form as you meet it, and flashcards bring back the ones you are unsure of until the endings feel natural.',
      },
    ],
    voices: 'Tatyana and Maxim',
  },
};

export function LearnLanguage({ code }: { code: LanguageCard['code'] }) {
  const card = LANGUAGE_CARDS.find((l) => l.code === code)!;
  const page = PAGES[code];
  return (
    <article className="pb-article pb-learn">
      <header className="pb-learn__header">
        <p className="pb-eyebrow" lang={code}>
          {card.hello}
        </p>
        <h1>Learn {card.name} by reading</h1>
        <p className="pb-lead">{page.intro}</p>
        <div className="pb-actions">
          <Link href={PATHS.signUp} className="vk-btn vk-btn--primary pb-cta">
            Start learning {card.name} free
          </Link>
        </div>
      </header>

      <section className="pb-card pb-sample" aria-label={`A ${card.name} sentence`}>
        <p className="pb-sample__text" lang={code}>
          {page.sample.text}
        </p>
        <p className="pb-sample__translation">{page.sample.translation}</p>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title">How Verba helps with {card.name}</h2>
        <ul className="pb-grid">
          {page.challenges.map((c) => (
            <li key={c.title} className="pb-card">
              <h3>{c.title}</h3>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="what-title">
        <h2 id="what-title">What you get</h2>
        <ul className="pb-list">
          <li>Articles and series in {card.name} for every level from A1 (Elementary) to C2 (Proficient).</li>
          <li>A difficulty label on every text, worked out from the words you already know.</li>
          <li>One-tap word marking: New, Uncertain or Known, saved in your personal dictionary.</li>
          <li>AI translation of words and sentences in context.</li>
          <li>Text to speech with the voices {page.voices}.</li>
          <li>Flashcards scheduled with FSRS, plus match-words and quick-quiz games.</li>
          <li>A {card.name} course with lessons and chapters when you want a guided path.</li>
        </ul>
      </section>

      <section className="pb-final" aria-labelledby="final-title">
        <h2 id="final-title">Read your first {card.name} article today</h2>
        <p>Tell us your level when you sign up and we will suggest texts that are just hard enough.</p>
        <Link href={PATHS.signUp} className="vk-btn vk-btn--primary pb-cta">
          Create your free account
        </Link>
      </section>
    </article>
  );
}
