import { publishedJwks } from '@/lib/auth/keys';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return Response.json(await publishedJwks(), { headers: { 'cache-control': 'public, max-age=300' } });
}
