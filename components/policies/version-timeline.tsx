'use client';

import { formatDate, humanize } from '@/lib/client/format';
import type { PolicyVersionEntry } from '@/lib/client/policy-queries';

const KIND_LABELS: Record<string, string> = {
  issue: 'Issued',
  mta: 'Mid-term adjustment',
  'data-change': 'Data change',
  termination: 'Termination',
};

interface Props {
  versions: readonly PolicyVersionEntry[];
  selected: string;
  onSelect: (version: string) => void;
}

/** Policy versions, newest first; choosing one shows that version's data. */
export function VersionTimeline({ versions, selected, onSelect }: Props) {
  const newestFirst = [...versions].sort((a, b) => Number(b.version) - Number(a.version));
  return (
    <section className="panel" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      <ol className="timeline" data-testid="versions">
        {newestFirst.map((entry) => (
          <li key={entry.version} className={entry.version === selected ? 'selected' : undefined}>
            <button
              type="button"
              className="secondary small"
              aria-pressed={entry.version === selected}
              onClick={() => onSelect(entry.version)}
            >
              Version {entry.version}: {KIND_LABELS[entry.kind] ?? humanize(entry.kind)}
            </button>
            <div className="hint">
              from {formatDate(entry.effectiveFrom)}
              {entry.replaysVersion ? `; applies version ${entry.replaysVersion} again` : ''}
              {entry.voided ? '; void (taken back)' : ''}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
