/** A required file input with its label and the upload's error in place under it. */
export function FileField(p: {
  id: string;
  label: string;
  accept: readonly string[];
  error: string | undefined;
  onFiles: (files: FileList | null) => void;
}) {
  return (
    <div className="vk-field">
      <label className="vk-field__label" htmlFor={p.id}>
        {p.label}
        <span className="vk-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        id={p.id}
        type="file"
        accept={p.accept.join(',')}
        className="vk-input"
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${p.id}-error` : undefined}
        onChange={(e) => p.onFiles(e.target.files)}
      />
      {p.error ? (
        <p id={`${p.id}-error`} className="vk-field__error" role="alert">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}
