'use client';

import { useId, useState, type FormEvent } from 'react';
import { todayIso } from '@/lib/client/format';
import { useDeclineReasons } from '@/lib/client/queries';

interface Props {
  busy: boolean;
  onSubmit: (input: { reason: string; declinedAt: string }) => void;
  onCancel: () => void;
}

/** The customer declines: a reason from the API's list and the date. Final, so it says so. */
export function DeclineForm({ busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const reasons = useDeclineReasons();
  const [reason, setReason] = useState('');
  const [declinedAt, setDeclinedAt] = useState(todayIso());
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || !declinedAt) return setMissing(true);
    setMissing(false);
    onSubmit({ reason, declinedAt });
  };
  return (
    <form className="panel inset" onSubmit={submit} aria-label="Customer declines">
      <p className="hint">A declined quote is final: nothing more can be done with it.</p>
      <div className="grid">
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            id={`${id}-reason`}
            value={reason}
            aria-invalid={(missing && !reason) || undefined}
            aria-describedby={missing && !reason ? `${id}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          >
            <option value="">{reasons.isPending ? 'Loading reasons…' : 'Choose a reason…'}</option>
            {reasons.data?.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.label}
              </option>
            ))}
          </select>
          {missing && !reason && (
            <div id={`${id}-error`} className="field-error">
              Choose the customer’s reason.
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>Declined on</label>
          <input id={`${id}-date`} type="date" value={declinedAt} onChange={(event) => setDeclinedAt(event.target.value)} />
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="danger" disabled={busy}>
          Decline quote
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
