'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { formatDate } from '@/lib/client/format';
import { useLedger } from '@/lib/client/use-ledger';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { ProblemAlert } from '@/components/ui/problem-alert';

interface Props {
  href: string;
  policyNumber: string;
  /** The current term's expiry: the renewal's term starts on it. */
  expiry: string | undefined;
  onCancel: () => void;
}

/**
 * Says what Renew creates, then creates the renewal quote (GET …/renewal, the spec's call) and
 * opens it. The renewal has no input on this page and the ledger prices it afresh in the
 * background, so there is no amount to preview: the quote shows it once rated.
 */
export function RenewConfirm({ href, policyNumber, expiry, onCancel }: Props) {
  const ledger = useLedger();
  const router = useRouter();
  const renew = useMutation({
    mutationFn: () => ledger.call<{ policy: { id: string } }>(href, { method: 'GET' }),
    onSuccess: (answer) => router.push(`/quotes/${answer.policy.id}`),
  });
  return (
    <div className="panel inset" data-testid="renew-confirm">
      <ConfirmStep
        label={`Renew ${policyNumber}`}
        confirmLabel={renew.isPending ? 'Creating the renewal…' : 'Create the renewal quote'}
        busy={renew.isPending}
        onConfirm={() => renew.mutate()}
        onCancel={onCancel}
      >
        <strong>
          Renew {policyNumber} from {formatDate(expiry)}?
        </strong>{' '}
        A renewal quote for the next term is created with the policy’s latest data and priced afresh; this policy runs on unchanged until
        its expiry.
      </ConfirmStep>
      <ProblemAlert error={renew.error} />
    </div>
  );
}
