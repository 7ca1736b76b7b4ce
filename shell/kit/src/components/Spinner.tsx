export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="vk-spinner" role="status">
      <span className="vk-spinner__dot" aria-hidden="true" />
      {label}
    </p>
  );
}
