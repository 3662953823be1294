import { prisma } from '@/lib/db/client';
import { EXPIRE_EVERY_MS, EXPIRE_POLICIES_TASK, expirePolicies } from '@/lib/ledger/policies/expire-policies';
import { RENEWAL_RUN_EVERY_MS, RENEWAL_RUN_TASK, runRenewals } from '@/lib/ledger/policies/renewal-run';
import { MARK_OVERDUE_EVERY_MS, MARK_OVERDUE_TASK, markOverdue } from '@/lib/ledger/payments/mark-overdue';
import { generateDocumentsGaveUp, generateDocumentsJob } from '@/lib/documents/generate';
import { RENDER_OFFER_TASK } from '@/lib/documents/offer';
import { renderOfferJob } from '@/lib/documents/offer-job';
import { GENERATE_DOCUMENTS_TASK } from '@/lib/documents/queue-documents';
import { deliverWebhooks } from '@/lib/events-out/deliver';
import { DELIVER_WEBHOOKS_TASK } from '@/lib/events-out/kick';
import { PREPARE_QUOTE_TASK } from '@/lib/ledger/quotes/create-quote';
import { ISSUE_POLICY_TASK } from '@/lib/ledger/quotes/issue-quote';
import { issuePolicy, issuePolicyGaveUp } from '@/lib/ledger/quotes/issue-policy-job';
import { prepareQuote, TAKEN_ALONG_MAX } from '@/lib/ledger/quotes/prepare-quote';
import type { CronDefinition, TaskRegistry } from './worker';

// Every background task the worker runs, by name. Domain rooms add their handlers here.

const housekeeping = {
  async run() {
    // Idempotency answers are kept 24 h (API-CONTRACT §6); cron slots a day.
    await prisma.$executeRaw`DELETE FROM "IdempotencyRecord" WHERE "createdAt" < now() - interval '25 hours'`;
    await prisma.$executeRaw`DELETE FROM "CronRun" WHERE "createdAt" < now() - interval '1 day'`;
  },
};

export const TASKS: TaskRegistry = {
  housekeeping,
  [PREPARE_QUOTE_TASK]: { run: prepareQuote, takesAlong: TAKEN_ALONG_MAX },
  [ISSUE_POLICY_TASK]: { run: issuePolicy, onGiveUp: issuePolicyGaveUp },
  [EXPIRE_POLICIES_TASK]: {
    run: async () => {
      await expirePolicies();
    },
  },
  [MARK_OVERDUE_TASK]: {
    run: async () => {
      await markOverdue();
    },
  },
  [RENEWAL_RUN_TASK]: {
    run: async () => {
      await runRenewals();
    },
  },
  [GENERATE_DOCUMENTS_TASK]: { run: generateDocumentsJob, onGiveUp: generateDocumentsGaveUp },
  [RENDER_OFFER_TASK]: { run: renderOfferJob },
  [DELIVER_WEBHOOKS_TASK]: { run: deliverWebhooks },
};

/** Tasks that render PDFs: only the documents lane (or `all`) runs them. */
const DOCUMENT_TASKS: readonly string[] = [GENERATE_DOCUMENTS_TASK, RENDER_OFFER_TASK];

/**
 * Lanes split the tasks between worker processes. PDF rendering is CPU-bound and slow (about a
 * tenth of a second a page); in its own lane, started at a lower OS priority, it cannot hold up
 * the quick jobs a client is waiting on (rating, issuing) behind a backlog of documents.
 * Webhook deliveries wait on other people's servers (up to the attempt timeout each): in their
 * own lane a slow or dead endpoint never takes a slot from issuing or rating either.
 */
export const LANES = {
  all: Object.keys(TASKS),
  general: Object.keys(TASKS).filter((task) => !DOCUMENT_TASKS.includes(task) && task !== DELIVER_WEBHOOKS_TASK),
  documents: [...DOCUMENT_TASKS],
  webhooks: [DELIVER_WEBHOOKS_TASK],
} as const satisfies Record<string, readonly string[]>;

export type Lane = keyof typeof LANES;

export function isLane(value: string): value is Lane {
  return Object.hasOwn(LANES, value);
}

/** The handlers of one lane; a worker claims only jobs it has a handler for. */
export function tasksOfLane(lane: Lane): TaskRegistry {
  return Object.fromEntries(LANES[lane].map((task) => [task, TASKS[task]!]));
}

export const CRON: CronDefinition[] = [
  { name: 'housekeeping', task: 'housekeeping', everyMs: 60 * 60 * 1000 },
  { name: EXPIRE_POLICIES_TASK, task: EXPIRE_POLICIES_TASK, everyMs: EXPIRE_EVERY_MS },
  { name: MARK_OVERDUE_TASK, task: MARK_OVERDUE_TASK, everyMs: MARK_OVERDUE_EVERY_MS },
  { name: RENEWAL_RUN_TASK, task: RENEWAL_RUN_TASK, everyMs: RENEWAL_RUN_EVERY_MS },
];
