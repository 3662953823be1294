'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ClientView } from '@/lib/accounts/views';
import { formatDateTime } from '@/lib/client/format';
import { useLedger } from '@/lib/client/use-ledger';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { StatusBadge } from '@/components/ui/status-badge';
import { OneTimeSecret } from './one-time-secret';

// The tenant's API clients (admins): create (the secret is shown once), rotate, revoke.

const clientsKey = ['admin', 'clients'] as const;
const ROLES = ['broker', 'underwriter', 'admin'] as const;

interface NewClient {
  clientId: string;
  name: string;
  role: (typeof ROLES)[number];
}

export function ClientsAdmin() {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  const list = useQuery({
    queryKey: clientsKey,
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<{ data: ClientView[] }>('/api/v1/admin/clients', { signal }).then((body) => body.data),
  });
  const { register, handleSubmit, reset, formState } = useForm<NewClient>({ defaultValues: { role: 'broker' } });
  const create = useMutation({
    mutationFn: (values: NewClient) =>
      ledger.call<{ client: ClientView; secret: string }>('/api/v1/admin/clients', {
        method: 'POST',
        body: { clientId: values.clientId, name: values.name || undefined, roles: [values.role] },
      }),
    onSuccess: (created) => {
      setSecret({ clientId: created.client.clientId, secret: created.secret });
      reset();
      return queryClient.invalidateQueries({ queryKey: clientsKey });
    },
  });
  const rotate = useMutation({
    mutationFn: (clientId: string) =>
      ledger.call<{ secret: string }>(`/api/v1/admin/clients/${clientId}/rotate-secret`, { method: 'POST', body: {} }).then((body) => ({
        clientId,
        secret: body.secret,
      })),
    onSuccess: (rotated) => {
      setSecret(rotated);
      return queryClient.invalidateQueries({ queryKey: clientsKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (clientId: string) => ledger.call(`/api/v1/admin/clients/${clientId}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });

  return (
    <section className="stack" aria-labelledby="clients-heading">
      <h2 id="clients-heading">API clients</h2>
      <form className="panel stack" onSubmit={handleSubmit((values) => create.mutate(values))} noValidate aria-label="New API client">
        <div className="field">
          <label htmlFor="client-id">Client id</label>
          <input
            id="client-id"
            {...register('clientId', {
              required: 'Enter a client id',
              pattern: { value: /^[a-z0-9][a-z0-9._-]{2,63}$/, message: '3-64 lower-case letters, digits, dots, hyphens' },
            })}
            aria-invalid={!!formState.errors.clientId}
          />
          {formState.errors.clientId && <div className="field-error">{formState.errors.clientId.message}</div>}
        </div>
        <div className="field">
          <label htmlFor="client-name">Name</label>
          <input id="client-name" {...register('name')} />
        </div>
        <div className="field">
          <label htmlFor="client-role">Role</label>
          <select id="client-role" {...register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <ProblemAlert error={create.error} />
        <div className="form-actions">
          <button type="submit" disabled={create.isPending}>
            Create client
          </button>
        </div>
      </form>
      {secret && <OneTimeSecret label={`Secret of ${secret.clientId}`} value={secret.secret} testId="client-secret" />}
      <ProblemAlert error={list.error ?? rotate.error ?? revoke.error} />
      {list.isPending ? (
        <Loading label="Loading API clients…" />
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState>No API clients yet.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table data-testid="clients">
            <thead>
              <tr>
                <th scope="col">Client id</th>
                <th scope="col">Roles</th>
                <th scope="col">Status</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).map((client) => (
                <tr key={client.clientId} data-testid="client-row">
                  <td>
                    <code>{client.clientId}</code>
                    {client.name !== client.clientId && <div className="muted">{client.name}</div>}
                  </td>
                  <td>{client.roles.join(', ') || '—'}</td>
                  <td>
                    <StatusBadge status={client.status} />
                    {client.previousSecretValidUntil && (
                      <div className="muted">old secret until {formatDateTime(client.previousSecretValidUntil)}</div>
                    )}
                  </td>
                  <td>{client.lastUsedAt ? formatDateTime(client.lastUsedAt) : 'never'}</td>
                  <td className="form-actions">
                    {client.status === 'active' && (
                      <>
                        <button type="button" disabled={rotate.isPending} onClick={() => rotate.mutate(client.clientId)}>
                          Rotate secret<span className="visually-hidden"> of {client.clientId}</span>
                        </button>
                        <button type="button" className="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(client.clientId)}>
                          Revoke<span className="visually-hidden"> {client.clientId}</span>
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
