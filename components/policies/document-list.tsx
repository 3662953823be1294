'use client';

import { formatDateTime } from '@/lib/client/format';
import { usePolicyDocuments } from '@/lib/client/policy-queries';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { DownloadButton } from '@/components/quotes/download-button';

function size(status: string, bytes: number | null): string {
  if (status === 'failed') return 'could not be prepared; downloading tries again';
  if (bytes === null) return 'being prepared';
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`;
}

export function DocumentList({ id }: { id: string }) {
  const documents = usePolicyDocuments(id);
  return (
    <section className="panel" aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      <ProblemAlert error={documents.error} />
      {documents.isPending ? (
        <Loading label="Loading documents…" reserve="list" />
      ) : documents.data?.length ? (
        <ul className="documents" data-testid="documents">
          {documents.data.map((document) => (
            <li key={document.id}>
              <div>
                <strong>{document.title}</strong>
                <div className="hint">
                  {document.version === 0 ? 'Sent with the quote' : `Version ${document.version}`} · {size(document.status, document.size)}{' '}
                  · {formatDateTime(document.createdAt)}
                </div>
              </div>
              <DownloadButton
                href={document.href}
                method="GET"
                label="Download"
                context={document.title}
                fallbackName={`${document.type}.pdf`}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No documents yet; they are produced in the background after issue.</EmptyState>
      )}
    </section>
  );
}
