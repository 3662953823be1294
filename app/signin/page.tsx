import { SignInForm } from '@/components/auth/sign-in-form';
import { safeRedirectPath } from '@/lib/http/redirect';

export const metadata = { title: 'Sign in · Policy Ledger' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const { callbackUrl, error } = await searchParams;
  return (
    <main>
      <div className="panel signin">
        <h1>Sign in</h1>
        <p className="muted">Policy Ledger for brokers and underwriters.</p>
        <SignInForm
          callbackUrl={safeRedirectPath(callbackUrl, process.env.NEXTAUTH_URL)}
          initialError={error ? 'The e-mail or password is not right.' : undefined}
        />
      </div>
    </main>
  );
}
