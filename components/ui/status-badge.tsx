import { humanize } from '@/lib/client/format';

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`status status-${status}`} data-testid={testId}>
      {humanize(status)}
    </span>
  );
}
