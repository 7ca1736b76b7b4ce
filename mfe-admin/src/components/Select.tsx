import { useId } from 'react';

/** A labelled native select (the admin filters and forms); '' is the "any" choice when `any` is given. */
export function Select<T extends string>(p: {
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  any?: string;
  onChange: (v: T | '') => void;
}) {
  const id = useId();
  return (
    <div className="vk-field">
      <label className="vk-field__label" htmlFor={id}>
        {p.label}
      </label>
      <select id={id} className="vk-input" value={p.value} onChange={(e) => p.onChange(e.target.value as T | '')}>
        {p.any !== undefined ? <option value="">{p.any}</option> : null}
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
