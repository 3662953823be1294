import { humanize } from '@/lib/client/format';
import type { FieldMessage } from '@/lib/client/types';

interface Props {
  ready: boolean;
  steps: readonly string[];
  warnings: readonly FieldMessage[];
}

/** Enrichment and background rating: what is done, and that the page waits for the rest. */
export function EnrichmentProgress({ ready, steps, warnings }: Props) {
  return (
    <section className="panel" aria-labelledby="enrichment-title">
      <h2 id="enrichment-title">Enrichment</h2>
      <p role="status" data-testid="enrichment-status" className={ready ? 'ok' : 'pending'}>
        {ready ? 'Enrichment and rating are done.' : 'Enriching and rating the quote… actions unlock when this finishes.'}
      </p>
      {steps.length > 0 && (
        <ul className="steps">
          {steps.map((step) => (
            <li key={step}>✓ {humanize(step)}</li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <ul className="warnings">
          {warnings.map((warning) => (
            <li key={`${warning.path}-${warning.message}`}>{warning.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
