import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import type { CSSProperties, ReactNode } from 'react';
import { AppNav } from '@/components/layout/app-nav';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { authOptions } from '@/lib/auth/next-auth';
import { findTenantByTag } from '@/lib/tenants/lookup';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export default async function BrokerLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  if (!session) redirect('/signin');
  const tenant = await findTenantByTag(session.tenant);
  // The tenant's colour replaces the accent; anything that is not a plain hex colour is ignored.
  const style = tenant && HEX_COLOUR.test(tenant.brandColor) ? ({ '--accent': tenant.brandColor } as CSSProperties) : undefined;
  const decides = session.roles.includes('underwriter') || session.roles.includes('admin');
  const items = [
    { href: '/quotes', label: 'Quotes' },
    { href: '/quotes/new', label: 'New quote' },
    ...(decides ? [{ href: '/referrals', label: 'Referrals' }] : []),
    ...(session.roles.includes('admin')
      ? [
          { href: '/webhooks', label: 'Webhooks' },
          { href: '/reports', label: 'Reports' },
          { href: '/admin', label: 'Administration' },
        ]
      : []),
  ];
  return (
    <div className="app" style={style}>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-start">
          <span className="brand">{tenant?.name || 'Policy Ledger'}</span>
          <AppNav items={items} />
        </div>
        <div className="account" aria-label="Account">
          <span data-testid="tenant" className="badge">
            Tenant: {session.tenant}
          </span>
          <span data-testid="role" className="badge">
            Role: {session.roles.join(', ')}
          </span>
          <span className="user-name">{session.user.name}</span>
          <SignOutButton />
        </div>
      </header>
      <main id="content">{children}</main>
    </div>
  );
}
