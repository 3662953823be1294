/** A secret or link shown once, right after it was made: it is never shown again. */
export function OneTimeSecret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="panel stack" role="status" aria-live="polite">
      <strong>{label}</strong>
      <code data-testid={testId} className="secret">
        {value}
      </code>
      <p className="muted">Copy it now: it is shown only this once and stored only as a hash.</p>
    </div>
  );
}
