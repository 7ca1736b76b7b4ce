// Selects and text areas with their label and error come from the kit; the visibility choice is the author's own.
export { SelectField, TextAreaField } from '@verba/kit';

/** Private or public, as two radio buttons; public may be unavailable (needs Master). */
export function VisibilityField({
  register,
  publicAllowed,
  publicNote,
}: {
  register: () => object;
  publicAllowed: boolean;
  publicNote: string;
}) {
  return (
    <fieldset className="rd-visibility">
      <legend className="vk-field__label">Visibility</legend>
      <label>
        <input type="radio" value="private" {...register()} /> Private: only you can see it
      </label>
      <label>
        <input type="radio" value="public" disabled={!publicAllowed} {...register()} /> Public: in the library for everyone, after an
        administrator approves it
      </label>
      {!publicAllowed ? <p className="rd-note">{publicNote}</p> : null}
    </fieldset>
  );
}
