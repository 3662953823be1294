'use client';

import { useState } from 'react';

type Outcome = 'idle' | 'copied' | 'failed';

/** Copies a quote or policy number; says so in words a screen reader hears too. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch (error) {
      // The browser refused (no permission, or a page that is not a secure context): say so,
      // the number stays on screen to select by hand.
      console.warn('copy to the clipboard refused', error);
      setOutcome('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="secondary small" onClick={() => void copy()} aria-label={`Copy ${what} ${text}`}>
        Copy
      </button>
      <span role="status" className="muted copy-outcome">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy; select the number instead' : ''}
      </span>
    </span>
  );
}
