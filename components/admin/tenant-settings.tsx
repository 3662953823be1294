'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { TenantView } from '@/lib/accounts/tenants';
import { useLedger } from '@/lib/client/use-ledger';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';

// The tenant's name and brand colour (admins).

const tenantKey = ['admin', 'tenant'] as const;

export function TenantSettings() {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const tenant = useQuery({
    queryKey: tenantKey,
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<TenantView>('/api/v1/admin/tenant', { signal }),
  });
  const { register, handleSubmit, reset, formState } = useForm<{ name: string; brandColor: string }>();
  useEffect(() => {
    if (tenant.data) reset({ name: tenant.data.name, brandColor: tenant.data.brandColor });
  }, [tenant.data, reset]);
  const save = useMutation({
    mutationFn: (values: { name: string; brandColor: string }) =>
      ledger.call<TenantView>('/api/v1/admin/tenant', { method: 'PATCH', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKey }),
  });
  if (tenant.isPending) return <Loading label="Loading the tenant…" />;
  return (
    <section className="stack" aria-labelledby="tenant-heading">
      <h2 id="tenant-heading">Tenant</h2>
      <form className="panel stack" onSubmit={handleSubmit((values) => save.mutate(values))} noValidate aria-label="Tenant settings">
        <div className="field">
          <label htmlFor="tenant-name">Name</label>
          <input id="tenant-name" {...register('name', { required: 'Enter a name' })} aria-invalid={!!formState.errors.name} />
          {formState.errors.name && <div className="field-error">{formState.errors.name.message}</div>}
        </div>
        <div className="field">
          <label htmlFor="tenant-colour">Brand colour</label>
          <input id="tenant-colour" type="color" {...register('brandColor')} />
        </div>
        <ProblemAlert error={tenant.error ?? save.error} />
        {save.isSuccess && <p role="status">Saved. Pages show the new name and colour on the next load.</p>}
        <div className="form-actions">
          <button type="submit" disabled={save.isPending}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
