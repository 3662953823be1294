'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLedger } from '@/lib/client/use-ledger';
import { ProblemAlert } from '@/components/ui/problem-alert';

/** Creates the renewal quote (GET …/renewal, the spec's call) and opens it. */
export function RenewButton({ href }: { href: string }) {
  const ledger = useLedger();
  const router = useRouter();
  const renew = useMutation({
    mutationFn: () => ledger.call<{ policy: { id: string } }>(href, { method: 'GET' }),
    onSuccess: (answer) => router.push(`/quotes/${answer.policy.id}`),
  });
  return (
    <>
      <button type="button" disabled={renew.isPending} onClick={() => renew.mutate()}>
        {renew.isPending ? 'Creating the renewal…' : 'Renew'}
      </button>
      <ProblemAlert error={renew.error} />
    </>
  );
}
