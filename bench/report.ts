import type { CpuGroups } from './cpu-budget';
import type { HostProbe } from './host-probe';
import type { DocumentFigures, RatingFigures } from './in-process';
import type { LifecycleResult, NoticeResult } from './lifecycle';
import { sharesInBrief, type LoadResult } from './load';
import type { OrmFigures } from './orm';
import type { QueueBenchResult } from './queue';
import { withRange, type Spread } from './repeat';
import { describeRatio, type ScaleFigures } from './scale';

// The figures of one run, the targets of issue 7 beside them, and the printed table.

export interface Figures {
  http: Partial<
    Record<
      | 'bare'
      | 'empty'
      | 'emptyWithId'
      | 'emptyPost'
      | 'floorCreate'
      | 'floorRead'
      | 'floorCalculate'
      | 'create'
      | 'read'
      | 'actions'
      | 'requestStatus'
      | 'calculate',
      LoadResult
    >
  >;
  lifecycle?: Omit<LifecycleResult, 'requestIds'> & { spread?: Spread };
  /** CPU milliseconds by process over one lifecycle run, and again once its deferred documents were done. */
  cpuBudget?: {
    issued: number;
    seconds: number;
    cores: number;
    during: CpuGroups;
    withDocuments: CpuGroups;
    /** CPU ms of the bench's own lifecycle clients during the run: on the same cores as the stack. */
    benchClientsMs: number;
    /** The whole machine's busy share during the run (/proc/stat). */
    machineBusy: number;
  };
  /** longPoll with four lifecycles running beside it (the target); alone: one client on a quiet stack. */
  notice: { longPoll?: NoticeResult; longPollAlone?: NoticeResult; poll1s?: NoticeResult };
  /** Whether every document of an issue is listed right after its request reports `success`. */
  documentsOffPath?: { policies: number; documentsPerPolicy: number; allListedAtSuccess: boolean };
  scale: ScaleFigures;
  rating?: RatingFigures;
  documents?: DocumentFigures;
  orm?: OrmFigures[];
  /** What this host charges for waking another process (./host-probe.ts). */
  host?: HostProbe;
}

export interface Target {
  name: string;
  target: string;
  measured: string;
  pass: boolean;
}

const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
/** Beside a verdict, one decimal: 69.7 % rounds to "70%" and would read as a pass. */
const pct1 = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The share of the empty route: its pairs' median where the scenario has them, else against the empty route's own median. */
const shareOf = (result: LoadResult, empty: number) => result.share?.median ?? result.rps / empty;

export function targetsOf(figures: Figures, queue?: QueueBenchResult): Target[] {
  const targets: Target[] = [];
  const empty = figures.http.empty?.rps;
  const ratioTarget = (key: keyof Figures['http'], name: string, share: number) => {
    const result = figures.http[key];
    if (!result || !empty) return;
    const ratio = shareOf(result, empty);
    targets.push({
      name,
      target: `≥ ${pct(share)} of empty route, 0 errors`,
      measured: `${pct1(ratio)}${result.share ? ` (${sharesInBrief(result.share.values)})` : ''}, ${result.errors} errors`,
      pass: ratio >= share && result.errors === 0,
    });
  };
  ratioTarget('read', 'read quote', 0.7);
  ratioTarget('actions', 'actions poll', 0.7);
  ratioTarget('requestStatus', 'request status poll', 0.7);
  ratioTarget('create', 'create quote', 0.5);
  ratioTarget('calculate', 'calculate', 0.5);
  const lifecycle = figures.lifecycle;
  if (lifecycle) {
    targets.push({
      name: 'lifecycle (16 clients)',
      target: '≥ 50 issued/s, p99 < 1 s, 0 errors',
      measured: `${lifecycle.issuedPerSecond.toFixed(1)}/s, p99 ${lifecycle.p99.toFixed(0)} ms, ${lifecycle.errors} errors`,
      pass: lifecycle.issuedPerSecond >= 50 && lifecycle.p99 < 1000 && lifecycle.errors === 0,
    });
  }
  const notice = figures.notice.longPoll;
  if (notice) {
    targets.push({
      name: 'long-poll notice',
      target: 'p50 < 20 ms, p99 < 100 ms',
      measured: noticeFigures(notice),
      pass: notice.p50 < 20 && notice.p99 < 100 && notice.errors === 0,
    });
  }
  const { small, large, p99Ratio } = figures.scale;
  if (small && large && p99Ratio) {
    targets.push({
      name: `read p99 @ ${large.policies} vs ${small.policies}`,
      target: '≤ 1.3×',
      measured: `${describeRatio(p99Ratio)}, ${p99Ratio.values.length} alternated rounds`,
      pass: p99Ratio.median <= 1.3 && large.errors === 0 && small.errors === 0,
    });
  }
  if (figures.rating) {
    targets.push({
      name: 'rating, one process',
      target: '≥ 20,000/s',
      measured: `${figures.rating.callsPerSecond.toLocaleString('en')}/s`,
      pass: figures.rating.callsPerSecond >= 20_000,
    });
  }
  if (figures.documents) {
    // The issue's target: fast enough, or off the issue path (listed at `success`, rendered after).
    const offPath = figures.documentsOffPath;
    targets.push({
      name: 'documents',
      target: '≥ 20 PDFs/s, or off the issue path',
      measured: `${figures.documents.perSecond.toFixed(1)}/s; ${offPath ? `${offPath.documentsPerPolicy} of ${offPath.documentsPerPolicy} listed at success in ${offPath.policies} issues${offPath.allListedAtSuccess ? '' : ': NOT all'}` : 'off-path not measured'}`,
      pass: figures.documents.perSecond >= 20 || offPath?.allListedAtSuccess === true,
    });
  }
  const ours = queue?.candidates[0];
  if (ours) {
    targets.push({
      name: 'queue pick-up (ours)',
      target: 'p99 < 100 ms',
      measured: `p50 ${ours.pickupP50.toFixed(1)} ms, p99 ${ours.pickupP99.toFixed(1)} ms`,
      pass: ours.pickupP99 < 100,
    });
  }
  return targets;
}

const LABELS: Record<keyof Figures['http'], string> = {
  bare: 'bare node:http (ceiling)',
  empty: 'empty Next.js route (ceiling)',
  emptyWithId: 'empty route with an {id}',
  emptyPost: 'empty POST, {id} and a body',
  floorCreate: 'floor: body, durable commit',
  floorRead: 'floor: {id}, one read',
  floorCalculate: 'floor: {id}, body, commit',
  create: 'create quote',
  read: 'read quote',
  actions: 'actions poll',
  requestStatus: 'request status poll',
  calculate: 'calculate',
};

/**
 * Each process group's CPU per issued policy while the lifecycle ran (documents: counted until they
 * were all rendered), the machine's busy share during the run, and the most its cores could issue
 * per second at that cost with the documents deferred and with them rendered.
 */
export function describeBudget(budget: NonNullable<Figures['cpuBudget']>): string {
  const per = (ms: number) => ms / Math.max(1, budget.issued);
  const groups = Object.entries(budget.withDocuments).map(([group, ms]) =>
    group === 'documents worker' ? `${group} ${per(ms).toFixed(0)} ms` : `${group} ${per(budget.during[group] ?? 0).toFixed(0)} ms`,
  );
  const onPath = Object.entries(budget.during)
    .filter(([group]) => group !== 'documents worker')
    .reduce((total, [, ms]) => total + per(ms), 0);
  const documents = per(budget.withDocuments['documents worker'] ?? 0);
  const ceiling = (costMs: number) => ((budget.cores * 1000) / costMs).toFixed(1);
  return (
    `${groups.join(', ')}; the bench's own clients ${per(budget.benchClientsMs).toFixed(0)} ms on the same cores ` +
    `(${budget.issued} issued in ${budget.seconds} s; machine ${pct(budget.machineBusy)} busy). ` +
    `At ${onPath.toFixed(0)} ms a policy without its documents, ${budget.cores} cores issue at most ${ceiling(onPath)}/s; ` +
    `with them (${(onPath + documents).toFixed(0)} ms), ${ceiling(onPath + documents)}/s`
  );
}

function row(cells: string[], widths: number[], leftAligned = 1): string {
  return cells.map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
}

export function printTable(figures: Figures, queue: QueueBenchResult | undefined, targets: Target[]): void {
  const lines: string[] = [''];
  const empty = figures.http.empty?.rps;
  const widths = [32, 18, 9, 20, 7, 9];
  const { small: atSmall, large: atLarge } = figures.scale;
  if (Object.keys(figures.http).length) {
    lines.push(row(['scenario (median, range)', 'req/s', 'p50 ms', 'p99 ms', 'errors', '÷ empty'], widths));
    const http = (name: string, result: LoadResult | undefined) => {
      if (!result) return;
      lines.push(
        row(
          [
            name,
            withRange(result.rps, result.spread),
            result.p50.toFixed(1),
            withRange(result.p99, result.spread && { ...result.spread, values: result.spread.p99s }, 1),
            String(result.errors),
            empty ? pct(shareOf(result, empty)) : '-',
          ],
          widths,
        ),
      );
    };
    for (const key of Object.keys(LABELS) as (keyof Figures['http'])[]) http(LABELS[key], figures.http[key]);
    for (const read of [atSmall, atLarge]) if (read) http(`read quote @ ${read.policies.toLocaleString('en')}`, read);
  }
  if (atSmall && atLarge) {
    const cpu = (read: typeof atSmall) =>
      `${read.policies.toLocaleString('en')}: app ${read.cpuPerRead.app.toFixed(2)} ms, PostgreSQL ${read.cpuPerRead.postgres.toFixed(2)} ms (shared buffers in huge pages: ${read.hugePages})`;
    lines.push(`reads at scale, CPU a read (median of the rounds) at ${cpu(atSmall)}; at ${cpu(atLarge)}`);
  }
  const lifecycle = figures.lifecycle;
  if (lifecycle) {
    lines.push('');
    lines.push(
      `lifecycle, ${lifecycle.clients} clients: ${withRange(lifecycle.issuedPerSecond, lifecycle.spread, 1)} issued/s (median run: ${lifecycle.issued} in ${lifecycle.durationS} s), ` +
        `p50 ${lifecycle.p50.toFixed(0)} ms, p99 ${withRange(lifecycle.p99, lifecycle.spread && { ...lifecycle.spread, values: lifecycle.spread.p99s })} ms, errors ${lifecycle.errors}`,
    );
  }
  if (figures.cpuBudget) lines.push(`CPU per issued policy: ${describeBudget(figures.cpuBudget)}`);
  const { longPoll, longPollAlone, poll1s } = figures.notice;
  if (longPoll)
    lines.push(
      `job end → client: long poll ${noticeFigures(longPoll)} (${samplesOf(longPoll)}, four lifecycles at once); ${wokenOf(longPoll)}`,
    );
  if (longPollAlone)
    lines.push(
      `job end → client: long poll alone ${noticeFigures(longPollAlone)} (${samplesOf(longPollAlone)}, one client on a quiet stack); ${wokenOf(longPollAlone)}`,
    );
  if (poll1s)
    lines.push(
      `job end → client: polling every 1 s p50 ${poll1s.p50.toFixed(0)} ms, p99 ${poll1s.p99.toFixed(0)} ms (${poll1s.samples} samples)`,
    );
  if (figures.rating) lines.push(`rating in one process: ${figures.rating.callsPerSecond.toLocaleString('en')} calculations/s`);
  if (figures.documents) {
    const documents = figures.documents;
    lines.push(
      `documents: ${documents.perSecond.toFixed(1)} PDFs/s, offer render p50 ${documents.offerP50.toFixed(0)} ms, p99 ${documents.offerP99.toFixed(0)} ms (${documents.via})`,
    );
  }
  if (figures.orm?.length) {
    lines.push('');
    lines.push(row(['ORM vs raw (in process, 16 at once)', 'reads/s', 'p50 ms', 'p99 ms'], [40, 9, 9, 9]));
    for (const entry of figures.orm)
      lines.push(row([entry.variant, entry.perSecond.toFixed(0), entry.p50.toFixed(2), entry.p99.toFixed(2)], [40, 9, 9, 9]));
  }
  if (queue) {
    lines.push('');
    const queueWidths = [16, 12, 12, 24, 10];
    lines.push(row(['queue', 'pick-up p50', 'pick-up p99', `crash recovery (lease ${queue.leaseMs / 1000} s)`, 'idle tx/s'], queueWidths));
    for (const candidate of queue.candidates) {
      lines.push(
        row(
          [
            candidate.candidate,
            `${candidate.pickupP50.toFixed(1)} ms`,
            `${candidate.pickupP99.toFixed(1)} ms`,
            candidate.recoveryMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', '),
            candidate.idleQueriesPerSecond.toFixed(1),
          ],
          queueWidths,
        ),
      );
    }
  }
  if (targets.length) {
    lines.push('');
    const targetWidths = [30, 36, 44, 4];
    lines.push(row(['target', 'wanted', 'measured', ''], targetWidths, 4).trimEnd());
    for (const target of targets)
      lines.push(row([target.name, target.target, target.measured, target.pass ? 'PASS' : 'MISS'], targetWidths, 4));
  }
  console.log(lines.join('\n'));
}

/** `p50 15.1 (14.0–17.9) ms, p99 62.0 (55.3–80.1) ms`: the medians of the runs, with their ranges. */
function noticeFigures(notice: NoticeResult): string {
  const ranged = (value: number, values: number[] | undefined) =>
    values && values.length > 1 ? `${value.toFixed(1)} (${values[0]!.toFixed(1)}–${values.at(-1)!.toFixed(1)})` : value.toFixed(1);
  return `p50 ${ranged(notice.p50, notice.runs?.p50s)} ms, p99 ${ranged(notice.p99, notice.runs?.p99s)} ms`;
}

function samplesOf(notice: NoticeResult): string {
  const runs = notice.runs?.p50s.length ?? 1;
  return runs > 1 ? `median of ${runs} runs of ${notice.samples / runs} samples` : `${notice.samples} samples`;
}

/** The woken waits apart from the clients that asked after the commit (NoticeResult.woken). */
function wokenOf(notice: NoticeResult): string {
  const { woken } = notice;
  if (woken.samples === 0) return `none of the ${notice.samples} was waiting when the job committed`;
  return `${woken.samples} of ${notice.samples} were waiting and woken by the notice: p50 ${woken.p50.toFixed(1)} ms, p99 ${woken.p99.toFixed(1)} ms${notice.runs ? ' (medians of the runs)' : ''}`;
}
