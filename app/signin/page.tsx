import { SignInForm } from '@/components/auth/sign-in-form';

export const metadata = { title: 'Sign in · Policy Ledger' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const { callbackUrl, error } = await searchParams;
  return (
    <main>
      <div className="panel signin">
        <h1>Sign in</h1>
        <p className="muted">Policy Ledger for brokers and underwriters.</p>
        <SignInForm callbackUrl={safeCallback(callbackUrl)} initialError={error ? 'The e-mail or password is not right.' : undefined} />
      </div>
    </main>
  );
}

/** Only same-site paths: an open redirect after sign-in would be a phishing aid. */
function safeCallback(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}
