'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

interface Item {
  href: string;
  label: string;
}

/** The main navigation; the server decides which items a role sees. */
export function AppNav({ items }: { items: readonly Item[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="main-nav">
      {items.map((item) => {
        const current =
          item.href === '/'
            ? pathname === '/'
            : pathname === item.href ||
              (item.href !== '/quotes/new' && pathname.startsWith(`${item.href}/`) && !pathname.startsWith('/quotes/new'));
        return (
          <Link key={item.href} href={item.href} aria-current={current ? 'page' : undefined}>
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
