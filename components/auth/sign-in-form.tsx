'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

interface SignInValues {
  email: string;
  password: string;
}

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  const { register, handleSubmit, formState } = useForm<SignInValues>();

  const onSubmit = async (values: SignInValues) => {
    setError(undefined);
    const result = await signIn('credentials', { ...values, redirect: false });
    if (result?.status === 429) {
      setError('Too many failed attempts. Wait a minute, then try again.');
      return;
    }
    if (!result || result.error || !result.ok) {
      setError('The e-mail or password is not right.');
      return;
    }
    router.push(callbackUrl);
    router.refresh();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor="email">E-mail</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          {...register('email', { required: 'Enter your e-mail' })}
          aria-invalid={!!formState.errors.email}
        />
        {formState.errors.email && <div className="field-error">{formState.errors.email.message}</div>}
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          {...register('password', { required: 'Enter your password' })}
          aria-invalid={!!formState.errors.password}
        />
        {formState.errors.password && <div className="field-error">{formState.errors.password.message}</div>}
      </div>
      <button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
