import { Link } from '@verba/kit';
import { PATHS } from '../../routing/paths';
import type { LegalDocument } from './legal-texts';

export function Legal({ doc }: { doc: LegalDocument }) {
  return (
    <article className="pb-article pb-legal">
      <h1>{doc.title}</h1>
      <p className="pb-draft" role="note">
        <strong>Draft.</strong> This is a plain-language draft that has not yet been reviewed by a lawyer. It describes how Verba works
        today and may change before it becomes final.
      </p>
      <p className="pb-note">Last updated: {doc.updated}</p>
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </section>
      ))}
      <p>
        Questions about this page? <Link href={PATHS.contactUs}>Contact us</Link>.
      </p>
    </article>
  );
}
