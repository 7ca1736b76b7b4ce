import type { VocabularyPair } from '@verba/contracts';

export function VocabularyList({ pairs }: { pairs: readonly VocabularyPair[] }) {
  if (pairs.length === 0) return <p className="ln-muted">This chapter has no vocabulary list.</p>;
  return (
    <table className="ln-vocabulary">
      <thead>
        <tr>
          <th scope="col">Word</th>
          <th scope="col">Translation</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((pair, i) => (
          <tr key={i}>
            <td>{pair.word}</td>
            <td>{pair.translation}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
