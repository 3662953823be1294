import type { ReactNode } from 'react';

/** The second step of an action that cannot be taken back: what it will do, then Confirm or Cancel. */
export function ConfirmStep({
  label,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
  children,
}: {
  /** Names the group for assistive technology, e.g. `Bind Q-2026-000014`. */
  label: string;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="confirm" role="group" aria-label={label}>
      <p>{children}</p>
      <div className="form-actions">
        <button type="button" className={danger ? 'danger' : undefined} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
