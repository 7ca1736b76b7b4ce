import { Link } from '@verba/kit';
import { PATHS } from '../../routing/paths';

export const FAQ_ITEMS: { q: string; a: string }[] = [
  {
    q: 'What is Verba?',
    a: 'Verba is a reading-first app for learning German, French, Spanish and Russian. You read real articles and series at your level, mark the words you meet, listen to them, and review the ones you are unsure about with flashcards.',
  },
  {
    q: 'Which level do I need to start?',
    a: 'None. Every text has a CEFR level from A1 (Elementary) to C2 (Proficient). When you sign up you choose your level, and each article also shows how difficult it will be for you, from Too Easy to Very Difficult, based on the words you already know.',
  },
  {
    q: 'What do New, Known and Uncertain mean?',
    a: 'Every word you have not marked yet is New and is highlighted in the reader. Mark it Known when you understand it, or Uncertain when you want to practise it. Known and Uncertain words go into your personal dictionary; marking a word New again takes it out.',
  },
  {
    q: 'How does the AI translation work?',
    a: 'Select a word or a sentence and Verba asks a language model to translate it as it is used in that text, so you get the meaning that fits rather than a long list. Translations can be wrong now and then, so treat them as a helpful friend, not as a dictionary.',
  },
  {
    q: 'Can I hear how words are pronounced?',
    a: 'Yes. Words and sentences can be read aloud by natural voices, and you can choose the voice and speed for each language. Free accounts include 50 text-to-speech calls a month; Master subscribers listen without limit.',
  },
  {
    q: 'How do the flashcards decide what I review?',
    a: 'Verba schedules cards with FSRS, a modern spaced-repetition algorithm. Each time you answer, it estimates how well you remember the card and brings it back just before you are likely to forget it. Cards you know well come back after weeks or months.',
  },
  {
    q: 'Are there courses as well?',
    a: 'Yes. Each language has a course made of lessons and chapters. You pick a starting point that fits your level, and Verba always shows you the next chapter to learn. Chapters come with practice games such as match words and quick quiz.',
  },
  {
    q: 'What does Master include, and what does it cost?',
    a: 'Master adds unlimited text to speech, premium articles and chapters, and your own private articles and series. You can pay monthly, yearly or every two years; prices are shown in US dollars, euros, pounds or Australian dollars depending on where you are.',
  },
  {
    q: 'Can I cancel Master?',
    a: 'Yes, at any time from your subscription page. You keep Master until the end of the period you have paid for, and then your account becomes a free account again. Your dictionary and flashcards stay.',
  },
  {
    q: 'Can I read my own texts?',
    a: 'Master subscribers can add their own articles and group them into series. Private articles are only visible to you unless you ask for one to be reviewed for the public library.',
  },
  {
    q: 'How do I delete my account and data?',
    a: 'Go to your profile and choose Delete account. Your personal details are erased at once: they are stored encrypted with a key that belongs to your account, and deleting the account deletes that key.',
  },
  {
    q: 'I have a question that is not answered here.',
    a: 'Write to us through the contact form. We usually answer within two working days.',
  },
];

export function Faq() {
  return (
    <article className="pb-article">
      <h1>Frequently asked questions</h1>
      <p className="pb-lead">Everything people usually ask us about reading and learning with Verba.</p>
      <div className="pb-faq">
        {FAQ_ITEMS.map((item) => (
          <details key={item.q} className="pb-faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
      <p>
        Still stuck? <Link href={PATHS.contactUs}>Contact the support team</Link>.
      </p>
    </article>
  );
}
