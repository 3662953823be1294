'use server';

import { setPasswordWithToken } from '@/lib/accounts/users';
import { DomainError } from '@/lib/errors';

export interface SetPasswordState {
  error?: string;
  email?: string;
}

/** The form's action: spends the one-time token and stores the password's hash. */
export async function setPasswordAction(_state: SetPasswordState, form: FormData): Promise<SetPasswordState> {
  const token = String(form.get('token') ?? '').slice(0, 128);
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirm') ?? '')) return { error: 'The two passwords differ.' };
  try {
    return { email: (await setPasswordWithToken(token, password)).email };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}
