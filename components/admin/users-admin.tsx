'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UserView } from '@/lib/accounts/views';
import { formatDateTime } from '@/lib/client/format';
import { useLedger } from '@/lib/client/use-ledger';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/loading';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { StatusBadge } from '@/components/ui/status-badge';
import { OneTimeSecret } from './one-time-secret';

// The tenant's users (admins): create with a one-time set-password link to hand over, disable, enable.

const usersKey = ['admin', 'users'] as const;
const ROLES = ['broker', 'underwriter', 'admin'] as const;

interface NewUser {
  email: string;
  name: string;
  role: (typeof ROLES)[number];
}

export function UsersAdmin() {
  const ledger = useLedger();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const list = useQuery({
    queryKey: usersKey,
    enabled: ledger.ready,
    queryFn: ({ signal }) => ledger.call<{ data: UserView[] }>('/api/v1/admin/users', { signal }).then((body) => body.data),
  });
  const { register, handleSubmit, reset, formState } = useForm<NewUser>({ defaultValues: { role: 'broker' } });
  const create = useMutation({
    mutationFn: (values: NewUser) =>
      ledger.call<{ user: UserView; passwordSetLink: string }>('/api/v1/admin/users', {
        method: 'POST',
        body: { email: values.email, name: values.name || undefined, roles: [values.role] },
      }),
    onSuccess: (created) => {
      setLink({ email: created.user.email, url: created.passwordSetLink });
      reset();
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      ledger.call(`/api/v1/admin/users/${id}`, { method: 'PATCH', body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });

  return (
    <section className="stack" aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <form className="panel stack" onSubmit={handleSubmit((values) => create.mutate(values))} noValidate aria-label="New user">
        <div className="field">
          <label htmlFor="user-email">E-mail</label>
          <input
            id="user-email"
            type="email"
            {...register('email', { required: 'Enter an e-mail' })}
            aria-invalid={!!formState.errors.email}
          />
          {formState.errors.email && <div className="field-error">{formState.errors.email.message}</div>}
        </div>
        <div className="field">
          <label htmlFor="user-name">Name</label>
          <input id="user-name" {...register('name')} />
        </div>
        <div className="field">
          <label htmlFor="user-role">Role</label>
          <select id="user-role" {...register('role')}>
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
            Create user
          </button>
        </div>
      </form>
      {link && <OneTimeSecret label={`Set-password link for ${link.email}`} value={link.url} testId="password-link" />}
      <ProblemAlert error={list.error ?? setActive.error} />
      {list.isPending ? (
        <Loading label="Loading users…" />
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState>No users yet.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table data-testid="users">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Roles</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <td>
                    {user.email}
                    <div className="muted">{user.name}</div>
                  </td>
                  <td>{user.roles.join(', ')}</td>
                  <td>
                    <StatusBadge status={user.status} testId="user-status" />
                  </td>
                  <td>{formatDateTime(user.createdAt)}</td>
                  <td className="form-actions">
                    <button
                      type="button"
                      className={user.status === 'disabled' ? undefined : 'danger'}
                      disabled={setActive.isPending}
                      onClick={() => setActive.mutate({ id: user.id, active: user.status === 'disabled' })}
                    >
                      {user.status === 'disabled' ? 'Enable' : 'Disable'}
                      <span className="visually-hidden"> {user.email}</span>
                    </button>
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
