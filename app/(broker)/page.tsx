import { getServerSession } from 'next-auth';
import { authOptions } from '@/lib/auth/next-auth';

export default async function HomePage() {
  const session = await getServerSession(authOptions);
  return (
    <div className="panel">
      <h1>Welcome, {session?.user.name}</h1>
      <p className="muted">Quotes and policies of {session?.tenant}.</p>
      <p>
        <a href="/docs">API reference</a>
      </p>
    </div>
  );
}
