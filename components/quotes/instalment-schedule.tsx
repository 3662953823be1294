'use client';

import { useState } from 'react';
import { humanize } from '@/lib/client/format';
import { useInstalmentSchedule } from '@/lib/client/queries';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { InstalmentTable } from './instalment-table';

interface Props {
  id: string;
  /** The plans the product offers; a switcher previews each (it does not change the quote). */
  plans: readonly string[];
  currentPlan: string;
}

export function InstalmentSchedule({ id, plans, currentPlan }: Props) {
  const [plan, setPlan] = useState(currentPlan);
  const schedule = useInstalmentSchedule(id, plan === currentPlan ? undefined : plan, true);
  return (
    <section className="panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Instalments</h2>
      {plans.length > 1 && (
        <div className="field inline">
          <label htmlFor="plan-switcher">Payment plan</label>
          <select id="plan-switcher" value={plan} onChange={(event) => setPlan(event.target.value)}>
            {plans.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
                {value === currentPlan ? ' (chosen)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {plan !== currentPlan && <p className="hint">A preview: the quote keeps its {currentPlan} plan until it is edited.</p>}
      <ProblemAlert error={schedule.error} />
      {schedule.isPending ? (
        <Loading label="Loading the schedule…" />
      ) : (
        schedule.data && (
          <InstalmentTable instalments={schedule.data.instalments} total={schedule.data.total} currency={schedule.data.currency} />
        )
      )}
    </section>
  );
}
