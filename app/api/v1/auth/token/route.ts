import { exchangeClientCredentials } from '@/lib/auth/token-endpoint';

export const POST = exchangeClientCredentials;
