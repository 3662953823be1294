import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import './globals.css';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: 'Policy Ledger',
  description: 'Quotes and policies for brokers and MGAs',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page carries a per-request CSP nonce (proxy.ts), so no page can be prerendered:
  // reading the request headers makes them all dynamic, and Next.js reads the nonce from the
  // request's Content-Security-Policy header and stamps it on its own scripts.
  await headers();
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
