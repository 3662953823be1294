import type { Tx } from '@/lib/db/client';
import type { QuoteData } from '@/lib/ledger/quotes/quote-record';
import { changedPaths, splitPointer } from '@/lib/products/paths';
import type { CalculationResult } from '@/lib/rating/types';
import { chargedParts } from './charged';
import type { PremiumAmounts } from './premium-parts';
import { isoDay, versionInForce, type PolicyRecord } from './policy-record';

// An MTA dated before a later MTA (out of sequence, DOMAIN.md §4): the later MTAs' money is
// reversed, the new change applies on top of the version in force on its date, and each later
// MTA is applied again, its own changed fields onto the version before it, as a new version.
// Versions are append-only, so the replayed ones are listed as void, not changed.

/** A later MTA to replay: what it changed and what it booked. */
export interface LaterMta {
  version: number;
  effectiveDate: string;
  data: QuoteData;
  /** The fields this MTA changed against the version it was made on. */
  changed: string[];
  /** Its own invoice or credit note (none when it moved no money). */
  invoice: { id: string; number: string; money: PremiumAmounts } | null;
}

export interface ReplayPlan {
  /** The data the new change is made on: the version in force on its date, with later data changes. */
  base: QuoteData;
  /** The rating in force on the date: the new change is priced against it. */
  previous: CalculationResult;
  /** Oldest first. */
  later: LaterMta[];
}

/**
 * The replay an MTA effective on `effectiveDate` needs, or null when no counting MTA is dated
 * after it (the ordinary case: the change applies on the latest data).
 */
export async function planReplay(tx: Tx, row: PolicyRecord, effectiveDate: string): Promise<ReplayPlan | null> {
  const versions = await tx.policyVersion.findMany({
    where: { tenantId: row.tenantId, policyId: row.id, version: { notIn: row.voidedVersions } },
    orderBy: { version: 'asc' },
  });
  const date = new Date(`${effectiveDate}T00:00:00Z`);
  if (!versions.some((entry) => entry.kind === 'mta' && entry.effectiveFrom > date)) return null;
  const inForce = await versionInForce(tx, row, effectiveDate);
  let base = inForce.data as unknown as QuoteData;
  const later: LaterMta[] = [];
  for (let i = 1; i < versions.length; i++) {
    const entry = versions[i]!;
    if (entry.version <= inForce.version) continue;
    const changed = changedPaths(versions[i - 1]!.data, entry.data);
    // A data change moves no money and has no premium to re-rate: its fields are kept as they are.
    if (entry.kind === 'data-change') base = applyPaths(base, entry.data, changed);
    if (entry.kind !== 'mta') continue;
    const invoice = await mtaInvoiceOf(tx, row, entry.version);
    later.push({
      version: entry.version,
      effectiveDate: isoDay(entry.effectiveFrom),
      data: entry.data as unknown as QuoteData,
      changed,
      invoice: invoice ? { ...invoice, money: await chargedParts(tx, row.tenantId, row.id, invoice.journalEntryId) } : null,
    });
  }
  return { base, previous: inForce.calculation as unknown as CalculationResult, later };
}

/**
 * The invoice or credit note an MTA version booked for its own premium change. A version may
 * hold other movements too (a pending termination taken off, reversals it caused), so the
 * journal kind picks the MTA's own.
 */
export async function mtaInvoiceOf(tx: Tx, row: PolicyRecord, version: number) {
  const invoices = await tx.invoice.findMany({
    where: { tenantId: row.tenantId, policyId: row.id, policyVersion: version, journalEntryId: { not: null } },
    select: { id: true, number: true, journalEntryId: true },
  });
  if (invoices.length === 0) return null;
  const entries = await tx.journalEntry.findMany({
    where: { tenantId: row.tenantId, id: { in: invoices.map((invoice) => invoice.journalEntryId!) }, kind: 'mta' },
    select: { id: true },
  });
  const own = invoices.find((invoice) => entries.some((entry) => entry.id === invoice.journalEntryId));
  return own ? { id: own.id, number: own.number, journalEntryId: own.journalEntryId! } : null;
}

/**
 * `target` with the value of each of `paths` taken from `source`, the way a merge patch of those
 * fields would set them: a path whose value (or a container on the way to it) is missing in
 * `source` is removed at the highest missing level. `target` is not changed.
 */
export function applyPaths<T>(target: T, source: unknown, paths: readonly string[]): T {
  const result = structuredClone(target) as unknown;
  for (const path of paths) {
    const tokens = splitPointer(path);
    let from: unknown = source;
    let to = result;
    for (const [i, token] of tokens.entries()) {
      from = childOf(from, token);
      if (i === tokens.length - 1 || !isContainer(from)) {
        if (from === undefined) deleteChild(to, token);
        else setChild(to, token, structuredClone(from));
        break;
      }
      const existing = childOf(to, token);
      const next = isContainer(existing) && Array.isArray(existing) === Array.isArray(from) ? existing : Array.isArray(from) ? [] : {};
      setChild(to, token, next);
      to = next;
    }
  }
  return result as T;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function childOf(value: unknown, token: string): unknown {
  if (Array.isArray(value)) return value[Number(token)];
  if (isContainer(value)) return (value as Record<string, unknown>)[token];
  return undefined;
}

function setChild(container: unknown, token: string, value: unknown): void {
  if (Array.isArray(container)) container[Number(token)] = value;
  else if (isContainer(container)) (container as Record<string, unknown>)[token] = value;
}

function deleteChild(container: unknown, token: string): void {
  if (Array.isArray(container)) container.splice(Number(token), 1);
  else if (isContainer(container)) delete (container as Record<string, unknown>)[token];
}
