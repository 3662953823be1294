'use client';

import { useId, useState, type FormEvent } from 'react';

/** The broker's comment for the underwriter (required by the API). */
export function ReferForm({ busy, onSubmit, onCancel }: { busy: boolean; onSubmit: (comment: string) => void; onCancel: () => void }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return setMissing(true);
    setMissing(false);
    onSubmit(comment.trim());
  };
  return (
    <form className="panel inset" onSubmit={submit} aria-label="Refer to an underwriter">
      <div className="field">
        <label htmlFor={id}>Why should an underwriter review this quote?</label>
        <textarea
          id={id}
          rows={3}
          maxLength={2000}
          value={comment}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {missing && (
          <div id={`${id}-error`} className="field-error">
            Give a comment for the underwriter.
          </div>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          Send to referral
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
