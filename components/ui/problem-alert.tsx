import { problemMessage } from '@/lib/client/problem';

/** A failed query or mutation as a readable sentence. */
export function ProblemAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="alert" role="alert">
      {problemMessage(error)}
    </div>
  );
}
