import { buildQuery } from '@verba/contracts/client';
import { exportFlashcards, type FlashcardExportFormat } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The download address of the cards in one format (a GET with the session cookie; the server names the file). */
export const exportHref = (languageCode: LearningLanguage, format: FlashcardExportFormat) =>
  `${exportFlashcards.path}${buildQuery({ languageCode, format })}`;

/** Cards out: an Anki package keeps each card's schedule and reviews; the CSVs open in a spreadsheet or another app. */
export function ExportCards({ languageCode, count }: { languageCode: LearningLanguage; count: number }) {
  return (
    <section className="pr-export" aria-labelledby="pr-export-title">
      <h2 id="pr-export-title" className="pr-export__title">
        Export your {count === 1 ? 'card' : `${count} cards`}
      </h2>
      <p className="pr-muted">
        Anki keeps each card&apos;s schedule (due date, interval, stability and difficulty) and every review you made, so its optimiser can
        learn from your history; the cards&apos; CSV opens in a spreadsheet and can be imported into your dictionary again, and the
        reviews&apos; CSV lists each review with its rating.
      </p>
      <div className="pr-export__actions">
        <a className="vk-btn vk-btn--secondary vk-btn--md" href={exportHref(languageCode, 'apkg')} download>
          Export to Anki (.apkg)
        </a>
        <a className="vk-btn vk-btn--ghost vk-btn--md" href={exportHref(languageCode, 'csv')} download>
          Export as CSV
        </a>
        <a className="vk-btn vk-btn--ghost vk-btn--md" href={exportHref(languageCode, 'reviews')} download>
          Reviews as CSV
        </a>
      </div>
    </section>
  );
}
