import { exchangeClientCredentials } from '@/lib/auth/token-endpoint';

export const dynamic = 'force-dynamic';

export const POST = exchangeClientCredentials;
