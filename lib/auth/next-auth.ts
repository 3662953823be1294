import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { safeRedirectUrl } from '@/lib/http/redirect';
import { authenticateUser } from './credentials';
import { guardedSignIn } from './sign-in-guard';
import { clientAddress } from './throttle';
import { isSubjectActive } from './revocation';
import { isRole, type Role } from './roles';
import { issueAccessToken } from './tokens';

// Broker pages sign in with e-mail and password. The session carries a ledger access token
// minted for the user, so the pages call the same ledger API, with the same rules, as any
// integrator. The token is renewed a few minutes before it expires.

const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

declare module 'next-auth' {
  interface Session {
    accessToken: string;
    tenant: string;
    roles: Role[];
    user: { id: string; name: string; email: string };
  }
  interface User {
    tenant: string;
    roles: Role[];
  }
}

interface LedgerJwt {
  sub?: string;
  name?: string | null;
  email?: string | null;
  tenant?: string;
  roles?: Role[];
  accessToken?: string;
  accessTokenExpiresAtMs?: number;
}

export const authOptions: NextAuthOptions = {
  session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
  pages: { signIn: '/signin' },
  providers: [
    CredentialsProvider({
      name: 'E-mail and password',
      credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(credentials, request) {
        const email = credentials?.email?.slice(0, 254);
        const password = credentials?.password?.slice(0, 1024);
        if (!email || !password) return null;
        const forwarded = request.headers?.['x-forwarded-for'];
        const address = clientAddress(Array.isArray(forwarded) ? forwarded.join(',') : forwarded);
        // A throttled attempt was already answered 429 by the route (lib/auth/auth-route.ts); one
        // that races past it throws here, which the form shows as a sign-in error.
        const user = await guardedSignIn({ kind: 'user', account: email, address }, () => authenticateUser(email, password));
        if (!user) return null;
        return { id: user.userId, name: user.name, email: user.email ?? email, tenant: user.tenantTag, roles: user.roles };
      },
    }),
  ],
  // next-auth's own logger endpoint (`POST /api/auth/_log`) is refused by the route (lib/auth/auth-route.ts).
  callbacks: {
    // Sign-in and sign-out targets stay on this site; anything unparseable is the base URL (never a 500).
    redirect({ url, baseUrl }) {
      return safeRedirectUrl(url, baseUrl);
    },
    async jwt({ token, user }) {
      const ledger = token as typeof token & LedgerJwt;
      if (user) {
        ledger.tenant = user.tenant;
        ledger.roles = user.roles.filter(isRole);
      }
      // A disabled user's live session ends on its next use: next-auth answers no session and clears the cookie.
      if (ledger.sub && !(await isSubjectActive(`user:${ledger.sub}`))) throw new Error('the user has been disabled');
      const expiresAt = ledger.accessTokenExpiresAtMs ?? 0;
      if (ledger.sub && ledger.tenant && Date.now() > expiresAt - RENEW_BEFORE_EXPIRY_MS) {
        const issued = await issueAccessToken({ subject: `user:${ledger.sub}`, tenantTag: ledger.tenant, roles: ledger.roles ?? [] });
        ledger.accessToken = issued.accessToken;
        ledger.accessTokenExpiresAtMs = issued.expiresAtMs;
      }
      return ledger;
    },
    async session({ session, token }) {
      const ledger = token as typeof token & LedgerJwt;
      session.accessToken = ledger.accessToken ?? '';
      session.tenant = ledger.tenant ?? '';
      session.roles = ledger.roles ?? [];
      session.user = { id: ledger.sub ?? '', name: ledger.name ?? '', email: ledger.email ?? '' };
      return session;
    },
  },
};
