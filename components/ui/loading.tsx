type Reserve = 'button-row' | 'table' | 'list';

/** `reserve` holds about the height of what replaces the message, so the page below does not move (CLS). */
export function Loading({ label = 'Loading…', reserve }: { label?: string; reserve?: Reserve }) {
  return (
    <p role="status" className={reserve ? `muted loading reserve-${reserve}` : 'muted loading'}>
      {label}
    </p>
  );
}

/**
 * Holds a panel's place while what fills it loads, so that the page below does not move when it
 * arrives (layout shift, CLS). `size` reserves about the height of the panel that replaces it.
 */
export function PanelPlaceholder({ title, label, size }: { title: string; label: string; size: Reserve }) {
  return (
    <section className="panel" aria-busy="true">
      <h2>{title}</h2>
      <Loading label={label} reserve={size} />
    </section>
  );
}
