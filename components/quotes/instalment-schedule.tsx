'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { humanize } from '@/lib/client/format';
import { quoteKey, useInstalmentSchedule } from '@/lib/client/queries';
import { useLedger } from '@/lib/client/use-ledger';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { InstalmentTable } from './instalment-table';

interface Props {
  id: string;
  /** The plans the product offers; a switcher previews each (it does not change the quote). */
  plans: readonly string[];
  currentPlan: string;
  /** The plan on screen, held by the quote page so that Bind knows what the person is looking at. */
  plan: string;
  onPlanChange: (plan: string) => void;
  /** The quote may still change (its `quote:update` link): a previewed plan can be taken. */
  canChoose: boolean;
}

export function InstalmentSchedule({ id, plans, currentPlan, plan, onPlanChange, canChoose }: Props) {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const previewing = plan !== currentPlan;
  const schedule = useInstalmentSchedule(id, previewing ? plan : undefined, true);
  // Choosing the plan changes the quote, which returns it to draft and re-rates it: Bind then
  // binds the plan whose schedule was on screen.
  const choose = useMutation({
    mutationFn: (chosen: string) => ledger.call(`/sales/policies/${id}/`, { method: 'PUT', body: { policy: { paymentPlan: chosen } } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: quoteKey(id) }), queryClient.invalidateQueries({ queryKey: ['quotes'] })]),
  });
  // The previous plan's rows stay on screen while the next loads (no jump), but never as this
  // plan's schedule: they are marked as loading instead.
  const current = schedule.data && !schedule.isPlaceholderData;
  return (
    <section className="panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Instalments</h2>
      {plans.length > 1 && (
        <div className="field inline">
          <label htmlFor="plan-switcher">Payment plan</label>
          <select id="plan-switcher" value={plan} disabled={choose.isPending} onChange={(event) => onPlanChange(event.target.value)}>
            {plans.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
                {value === currentPlan ? ' (chosen)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {previewing && (
        <div className="hint" data-testid="plan-preview-note">
          <p>
            A preview of the {humanize(plan)} plan: the quote keeps its {humanize(currentPlan)} plan
            {canChoose ? ' unless you choose this one (the quote is then priced again).' : '.'}
          </p>
          {canChoose && (
            <button type="button" className="secondary" disabled={choose.isPending || !current} onClick={() => choose.mutate(plan)}>
              Use the {humanize(plan)} plan
            </button>
          )}
        </div>
      )}
      <ProblemAlert error={schedule.error ?? choose.error} />
      {choose.isPending && (
        <p role="status" className="muted">
          Changing the plan…
        </p>
      )}
      {current ? (
        <div data-testid="schedule-of" data-plan={plan}>
          <InstalmentTable instalments={schedule.data.instalments} total={schedule.data.total} currency={schedule.data.currency} />
        </div>
      ) : (
        !schedule.error && <Loading label="Loading the schedule…" />
      )}
    </section>
  );
}
