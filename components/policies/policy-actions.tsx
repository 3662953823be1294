'use client';

import { useState } from 'react';
import type { PolicyRead } from '@/lib/client/policy-queries';
import type { JsonSchema } from '@/lib/client/schema-form/json-schema';
import type { QuotePayload } from '@/lib/client/types';
import { DataChangeForm } from './data-change-form';
import { MtaForm } from './mta-form';
import { ReinstatePolicy } from './reinstate-policy';
import { RenewConfirm } from './renew-button';
import { TerminationForm } from './termination-form';
import { WithdrawTermination } from './withdraw-termination';

type Flow = 'mta' | 'data-change' | 'terminate' | 'withdraw' | 'reinstate' | 'renew' | null;

/** The flows the policy's links allow; a missing link hides its button. */
export function PolicyActions({ id, policy, schema }: { id: string; policy: PolicyRead; schema: JsonSchema }) {
  const [flow, setFlow] = useState<Flow>(null);
  const { links } = policy;
  const data = policy.data as QuotePayload;
  const toggle = (next: Flow) => setFlow((current) => (current === next ? null : next));
  const withdraw = links['policy:withdraw-termination'];
  const reinstate = links['policy:reinstate'];
  if (
    !links['policy:mta'] &&
    !links['policy:data-change'] &&
    !links['policy:terminate'] &&
    !withdraw &&
    !reinstate &&
    !links['policy:renew']
  ) {
    return (
      <section className="panel">
        <h2>Actions</h2>
        <p className="muted">No changes are possible in this state.</p>
      </section>
    );
  }
  return (
    <section className="panel" aria-labelledby="policy-actions-title">
      <h2 id="policy-actions-title">Actions</h2>
      <div className="button-row">
        {links['policy:mta'] && (
          <button type="button" className="secondary" aria-expanded={flow === 'mta'} onClick={() => toggle('mta')}>
            Mid-term adjustment
          </button>
        )}
        {links['policy:data-change'] && (
          <button type="button" className="secondary" aria-expanded={flow === 'data-change'} onClick={() => toggle('data-change')}>
            Data change
          </button>
        )}
        {links['policy:terminate'] && (
          <button type="button" className="secondary danger-text" aria-expanded={flow === 'terminate'} onClick={() => toggle('terminate')}>
            Terminate
          </button>
        )}
        {withdraw && (
          <button type="button" className="secondary" aria-expanded={flow === 'withdraw'} onClick={() => toggle('withdraw')}>
            Withdraw termination
          </button>
        )}
        {reinstate && (
          <button type="button" className="secondary" aria-expanded={flow === 'reinstate'} onClick={() => toggle('reinstate')}>
            Reinstate
          </button>
        )}
        {links['policy:renew'] && (
          <button type="button" aria-expanded={flow === 'renew'} onClick={() => toggle('renew')}>
            Renew
          </button>
        )}
      </div>
      {flow === 'mta' && links['policy:mta'] && (
        <MtaForm id={id} href={links['policy:mta'].href} schema={schema} data={data} onDone={() => setFlow(null)} />
      )}
      {flow === 'data-change' && links['policy:data-change'] && (
        <DataChangeForm id={id} href={links['policy:data-change'].href} schema={schema} data={data} onDone={() => setFlow(null)} />
      )}
      {flow === 'terminate' && links['policy:terminate'] && (
        <TerminationForm
          id={id}
          href={links['policy:terminate'].href}
          inception={String(data.policy.dateInception ?? '')}
          schemaPath={policy.meta.schemaPath}
          onDone={() => setFlow(null)}
        />
      )}
      {flow === 'withdraw' && withdraw && (
        <WithdrawTermination id={id} href={withdraw.href} currency={policy.meta.currency} onDone={() => setFlow(null)} />
      )}
      {flow === 'reinstate' && reinstate && <ReinstatePolicy id={id} href={reinstate.href} onDone={() => setFlow(null)} />}
      {flow === 'renew' && links['policy:renew'] && (
        <RenewConfirm
          href={links['policy:renew'].href}
          policyNumber={policy.meta.policyNumber ?? ''}
          expiry={data.policy.dateExpiry === undefined ? undefined : String(data.policy.dateExpiry)}
          onCancel={() => setFlow(null)}
        />
      )}
    </section>
  );
}
