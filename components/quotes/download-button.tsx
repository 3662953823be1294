'use client';

import { useState } from 'react';
import { ledgerBlob } from '@/lib/client/ledger-fetch';
import { problemMessage } from '@/lib/client/problem';
import { useLedger } from '@/lib/client/use-ledger';

function fileName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]!) : fallback;
}

/** Calls a document link with the bearer (POST generates the offer) and saves the answer as a file. */
interface Props {
  href: string;
  method: 'GET' | 'POST';
  label: string;
  /** Read by screen readers after the label (which document), not shown. */
  context?: string;
  fallbackName: string;
}

export function DownloadButton({ href, method, label, context, fallbackName }: Props) {
  const ledger = useLedger();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const download = async () => {
    if (!ledger.credentials) return;
    setBusy(true);
    setError(undefined);
    try {
      const response = await ledgerBlob(ledger.credentials, href, method);
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName(response, fallbackName);
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      setError(problemMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : label}
        {context && <span className="visually-hidden"> {context}</span>}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
