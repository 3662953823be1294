'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

interface Item {
  href: string;
  label: string;
}

// Pages reached from an item without an item of their own: a policy is opened from the quotes list.
const SECTIONS: Readonly<Record<string, readonly string[]>> = { '/quotes': ['/policies/'] };

function isCurrent(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  if (pathname === href) return true;
  if (pathname.startsWith('/quotes/new')) return false;
  return pathname.startsWith(`${href}/`) || (SECTIONS[href] ?? []).some((prefix) => pathname.startsWith(prefix));
}

/** The main navigation; the server decides which items a role sees. */
export function AppNav({ items }: { items: readonly Item[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="main-nav">
      {items.map((item) => (
        <Link key={item.href} href={item.href} aria-current={isCurrent(item.href, pathname) ? 'page' : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
