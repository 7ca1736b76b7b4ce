/** The two kinds of chapter exercise an admin edits, by name. */
export type ExerciseKind = 'missing-words' | 'ask-questions';

export const KIND_NAMES: Record<ExerciseKind, { title: string; one: string }> = {
  'missing-words': { title: 'Missing words', one: 'missing-word exercise' },
  'ask-questions': { title: 'Questions', one: 'question' },
};

/** The exercise items of one kind as the page shows them: the prompt and its accepted answers. */
export function itemsOf(
  kind: ExerciseKind,
  data: { missingWords: { sentence: string; answers: string[] }[]; questions: { question: string; answers: string[] }[] },
) {
  return kind === 'missing-words'
    ? data.missingWords.map((m) => ({ prompt: m.sentence, answers: m.answers }))
    : data.questions.map((q) => ({ prompt: q.question, answers: q.answers }));
}
