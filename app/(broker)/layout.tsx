import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { authOptions } from '@/lib/auth/next-auth';

export default async function BrokerLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  if (!session) redirect('/signin');
  return (
    <>
      <header className="topbar">
        <span className="brand">Policy Ledger</span>
        <nav aria-label="Account">
          <span data-testid="tenant" className="badge">
            Tenant: {session.tenant}
          </span>
          <span data-testid="role" className="badge">
            Role: {session.roles.join(', ')}
          </span>
          <span>{session.user.name}</span>
          <SignOutButton />
        </nav>
      </header>
      <main>{children}</main>
    </>
  );
}
