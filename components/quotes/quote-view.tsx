'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { quoteKey, useCalculation, useProductSchema, useQuote, useQuoteActions } from '@/lib/client/queries';
import { paymentPlansOf } from '@/lib/client/schema-form/plans';
import { pageLanguage } from '@/lib/client/language';
import { inWords } from '@/lib/client/messages';
import { formatDate, humanize } from '@/lib/client/format';
import { Loading, PanelPlaceholder } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { PayloadView } from '@/components/schema-form/payload-view';
import { ReferralSummary } from '@/components/referrals/referral-summary';
import { EnrichmentProgress } from './enrichment-progress';
import { InstalmentSchedule } from './instalment-schedule';
import { PremiumBreakdown } from './premium-breakdown';
import { QuoteActions } from './quote-actions';
import { QuoteHeader } from './quote-header';

const PRICED = new Set(['calculated', 'in-manual-referral', 'referral-rejected', 'bound', 'issuing', 'issued', 'declined']);

export function QuoteView({ id }: { id: string }) {
  const quote = useQuote(id);
  const actions = useQuoteActions(id);
  const meta = quote.data?.meta;
  const schema = useProductSchema(meta?.product);
  const priced = !!meta && PRICED.has(meta.status) && actions.data?.meta.ready === true;
  const readState = meta ? `${meta.status}@${meta.revision}` : undefined;
  const calculation = useCalculation(id, readState, priced);
  // A priced quote's actions wait for the premium's first load: shown before it, Bind's hint ("waits
  // while the premium is worked out") would appear and vanish at once and move the page below (CLS).
  const premiumFirstLoad = priced && calculation.isPending;
  // The plan whose schedule is on screen (the quote's own unless another is previewed).
  const [shownPlan, setShownPlan] = useState<string>();
  // The actions call long-polls until rating is done; when it reports another state than the
  // quote read (rating moved the quote on meanwhile, not always with a new revision), the read is
  // stale, and so are the premium and the schedule fetched with it (a change of plan reprices in
  // the background): fetch them again, all but the actions call itself.
  const queryClient = useQueryClient();
  const actionsState = actions.data ? `${actions.data.meta.status}@${actions.data.meta.revision}` : undefined;
  const readFetching = quote.isFetching;
  useEffect(() => {
    if (actionsState && readState && actionsState !== readState && !readFetching) {
      void queryClient.invalidateQueries({ queryKey: quoteKey(id), predicate: (query) => query.queryKey[2] !== 'actions' });
    }
  }, [actionsState, readState, readFetching, id, queryClient]);

  if (quote.isPending) return <Loading label="Loading the quote…" />;
  if (!quote.data || !meta) {
    // The page keeps its heading when the quote cannot be read (a wrong or foreign link).
    return (
      <div className="stack">
        <h1>Quote</h1>
        <ProblemAlert error={quote.error} />
      </div>
    );
  }
  const { data } = quote.data;
  const customerName = [data.customer.firstName, data.customer.lastName].filter(Boolean).join(' ');
  const ready = actions.data?.meta.ready ?? false;
  const plans = schema.data ? paymentPlansOf(schema.data) : [];
  const currentPlan = String(data.policy.paymentPlan ?? 'annual');
  const plan = shownPlan ?? currentPlan;

  return (
    <div className="stack">
      <QuoteHeader id={id} meta={meta} customerName={customerName} />
      <ProblemAlert error={actions.error} />
      {meta.referral && (
        <section className="panel" aria-labelledby="referral-title">
          <h2 id="referral-title">Referral</h2>
          <ReferralSummary referral={meta.referral} />
        </section>
      )}
      {meta.decline && (
        <p className="alert" role="note">
          Declined by the customer on {formatDate(meta.decline.declinedAt)}: {humanize(meta.decline.reason)}.
        </p>
      )}
      {(!actions.data || premiumFirstLoad) && !actions.error && (
        <PanelPlaceholder title="Actions" label="Loading the actions…" size="button-row" />
      )}
      {actions.data && !premiumFirstLoad && (
        <QuoteActions
          key={`${meta.status}-${meta.revision}`}
          id={id}
          quoteNumber={meta.quoteNumber}
          status={meta.status}
          links={actions.data.links}
          blockers={quote.data.errors.length}
          previewedPlan={priced ? plan : undefined}
          pricing={calculation.isFetching}
          terms={
            // Never a premium that is being worked out again (after a change of plan, say).
            calculation.data && !calculation.isFetching
              ? {
                  payable: calculation.data.data.payable,
                  currency: calculation.data.data.currency,
                  plan: currentPlan,
                  inception: data.policy.dateInception,
                }
              : undefined
          }
        />
      )}
      {quote.data.errors.length > 0 && (
        <section className="panel" aria-labelledby="missing-title">
          <h2 id="missing-title">Needed before bind</h2>
          <ul className="field-problems">
            {quote.data.errors.map((error) => (
              <li key={`${error.path}-${error.message}`}>{inWords(error.message, pageLanguage())}</li>
            ))}
          </ul>
          {actions.data?.links['quote:update'] && <Link href={`/quotes/${id}/edit`}>Complete the quote</Link>}
        </section>
      )}
      <div className="columns">
        <div className="stack">
          {calculation.data ? (
            <PremiumBreakdown calculation={calculation.data} />
          ) : calculation.isFetching ? (
            <PanelPlaceholder title="Premium" label="Loading the premium…" size="table" />
          ) : (
            <section className="panel">
              <h2>Premium</h2>
              <p className="muted">Not calculated yet.</p>
            </section>
          )}
          {priced && (
            <InstalmentSchedule
              id={id}
              plans={plans}
              currentPlan={currentPlan}
              plan={plan}
              onPlanChange={(next) => setShownPlan(next === currentPlan ? undefined : next)}
              canChoose={!!actions.data?.links['quote:update']}
            />
          )}
        </div>
        <div className="stack">
          <EnrichmentProgress ready={ready} steps={Object.keys(data.enrichment ?? {})} warnings={quote.data.warnings} />
          <section className="panel" aria-labelledby="data-title">
            <h2 id="data-title">Quote data</h2>
            {schema.data ? <PayloadView schema={schema.data} data={data} /> : <Loading reserve="table" />}
          </section>
        </div>
      </div>
    </div>
  );
}
