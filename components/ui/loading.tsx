export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="muted loading">
      {label}
    </p>
  );
}
