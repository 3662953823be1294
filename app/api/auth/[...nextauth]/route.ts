import NextAuth from 'next-auth';
import { guardAuthRoute } from '@/lib/auth/auth-route';
import { authOptions } from '@/lib/auth/next-auth';

export const dynamic = 'force-dynamic';

const handler = NextAuth(authOptions);
const guarded = guardAuthRoute(handler);

export { guarded as GET, guarded as POST };
