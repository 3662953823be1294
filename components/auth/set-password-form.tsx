'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { setPasswordAction, type SetPasswordState } from '@/app/set-password/actions';

export function SetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<SetPasswordState, FormData>(setPasswordAction, {});
  if (state.email) {
    return (
      <p role="status">
        Your password is set. <Link href="/signin">Sign in</Link> as {state.email}.
      </p>
    );
  }
  return (
    <form action={action}>
      {state.error && (
        <div className="alert" role="alert">
          {state.error}
        </div>
      )}
      <input type="hidden" name="token" value={token} />
      <div className="field">
        <label htmlFor="password">New password</label>
        <input id="password" name="password" type="password" autoComplete="new-password" minLength={12} required />
      </div>
      <div className="field">
        <label htmlFor="confirm">Repeat the password</label>
        <input id="confirm" name="confirm" type="password" autoComplete="new-password" minLength={12} required />
      </div>
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Set password'}
      </button>
    </form>
  );
}
