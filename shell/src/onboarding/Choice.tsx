/** A set of native radio buttons shown as cards: keyboard and screen readers get a plain radio group. */
export function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; title: string; detail?: string }>;
  value: T | undefined;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="sh-choice">
      <legend className="sh-choice__legend">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={`sh-choice__option${value === o.value ? ' sh-choice__option--checked' : ''}`}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <span className="sh-choice__title">{o.title}</span>
          {o.detail ? <span className="sh-choice__detail">{o.detail}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}
