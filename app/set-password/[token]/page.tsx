import { SetPasswordForm } from '@/components/auth/set-password-form';

export const metadata = { title: 'Choose a password · Policy Ledger' };

// The one-time link an admin hands to a new user (or to one who lost the password).
export default async function SetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main>
      <div className="panel signin">
        <h1>Choose a password</h1>
        <p className="muted">At least 12 characters. The link works once.</p>
        <SetPasswordForm token={token} />
      </div>
    </main>
  );
}
