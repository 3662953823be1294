'use client';

import { useState } from 'react';
import { todayIso } from '@/lib/client/format';
import { DownloadButton } from '@/components/quotes/download-button';

/** Choose a month and download its premium bordereau as CSV (the same API call an insurer feed uses). */
export function BordereauDownload() {
  const [month, setMonth] = useState(() => todayIso().slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <section className="panel" aria-labelledby="bordereau-title">
      <h2 id="bordereau-title">Premium bordereau</h2>
      <p className="muted">
        One line per premium transaction posted in the month (new business, renewal, MTA, cancellation) with gross, tax, fees,
        commissions and insurer net; totals per currency equal the journal.
      </p>
      <div className="field">
        <label htmlFor="bordereau-month">Month</label>
        <input id="bordereau-month" type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
      </div>
      <div className="form-actions">
        {valid && (
          <DownloadButton
            href={`/api/v1/ledger/reports/bordereau?month=${month}&kind=premium&format=csv`}
            method="GET"
            label="Download CSV"
            context={`premium bordereau ${month}`}
            fallbackName={`bordereau-premium-${month}.csv`}
          />
        )}
      </div>
    </section>
  );
}
