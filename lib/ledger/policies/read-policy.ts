import type { Tx } from '@/lib/db/client';
import { BadRequest, NotFound } from '@/lib/errors';
import type { Language } from '@/lib/http/language';
import { etagOf, type QuoteData } from '@/lib/ledger/quotes/quote-record';
import { toAmount } from '@/lib/money';
import { getProduct, schemaPathOf } from '@/lib/products/registry';
import { coverEndOf } from '@/lib/products/term-checks';
import { localMidnight, localToday } from '@/lib/dates/local-day';
import { businessTimeZone } from '@/lib/ledger/today';
import type { CalculationResult } from '@/lib/rating/types';
import { POLICY_STATUS_LABELS, VERSION_KIND_LABELS } from './labels';
import { policyLinks } from './policy-links';
import { chargedParts } from './charged';
import { findPolicy, isoDay, pendingTerminationOf, policyState, settingsOf, termOf } from './policy-record';
import { BLOCK_MESSAGES, nonRenewableReason, openRenewalQuoteId } from './renew-policy';
import { reinstatementEligibility } from './reinstatement-eligibility';
import { renewalEligibility } from './renewal-eligibility';

export interface ReadPolicyInput {
  tenantId: string;
  id: string;
  /** The raw `version` query value: a whole number from 1 to the latest. */
  version?: string;
  forceCoverageDateFormat: boolean;
  language: Language;
  today?: string;
}

/** `version=N`: a positive whole number (400 otherwise); a version the policy does not have is 404. */
export function parseVersion(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9]\d{0,8}$/.test(raw))
    throw new BadRequest('version must be a whole number from 1', [{ path: 'version', message: 'a whole number from 1' }]);
  return Number(raw);
}

/** Coverage dates as plain dates, or (by default) as the instant cover starts/ends: local midnight in the zone. */
function coverageDate(value: unknown, plain: boolean, timeZone: string): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const day = value.slice(0, 10);
  return plain ? day : localMidnight(day, timeZone).toISOString();
}

/**
 * GET /policies/{id}/links (spec 4.14): the chosen version's data, the policy's meta and the
 * links of what may be done now. Without `version` the latest version.
 */
export async function readPolicy(tx: Tx, input: ReadPolicyInput) {
  const requested = parseVersion(input.version);
  const row = await findPolicy(tx, input.tenantId, input.id);
  const versionNumber = requested ?? row.currentVersion;
  const [version, versions, openQuoteId, charged] = await Promise.all([
    tx.policyVersion.findFirst({ where: { tenantId: input.tenantId, policyId: row.id, version: versionNumber } }),
    tx.policyVersion.findMany({
      where: { tenantId: input.tenantId, policyId: row.id },
      orderBy: { version: 'asc' },
      select: { version: true, kind: true, effectiveFrom: true, createdAt: true, replaysVersion: true },
    }),
    openRenewalQuoteId(tx, row),
    chargedParts(tx, input.tenantId, row.id),
  ]);
  if (!version) throw new NotFound(`Version ${versionNumber} of policy`, input.id);
  const state = policyState(row);
  const timeZone = await businessTimeZone(tx, row.tenantId, row.productCode);
  const pendingTermination = pendingTerminationOf(row);
  const term = termOf(row);
  const settings = settingsOf(row);
  const notRenewable = nonRenewableReason(row);
  const today = input.today ?? localToday(timeZone);
  const renewal = renewalEligibility({
    nonRenewableReason: notRenewable,
    policyStatus: state,
    expiry: term.expiry,
    renewedById: row.renewedById,
    openRenewalQuoteId: openQuoteId,
    windowDays: settings.renewalWindowDays,
    today,
  });
  const reinstatement = reinstatementEligibility({
    policyStatus: state,
    terminatedAt: row.terminatedAt ? isoDay(row.terminatedAt) : null,
    expiry: term.expiry,
    windowDays: settings.reinstatementDays,
    today,
  });
  const data = version.data as unknown as QuoteData;
  const calculation = version.calculation as unknown as CalculationResult;
  const plain = input.forceCoverageDateFormat;
  const coverage = (value: unknown) => coverageDate(value, plain, timeZone);
  return {
    etag: etagOf(row),
    body: {
      data: {
        policy: {
          id: row.id,
          ...data.policy,
          dateInception: coverage(data.policy.dateInception),
          // The instant cover ends: the midnight after the expiry day when the product covers that day.
          dateExpiry: plain
            ? coverage(data.policy.dateExpiry)
            : coverage(coverEndOf(getProduct(row.productCode), data.policy, String(data.policy.dateExpiry))),
        },
        customer: data.customer,
        agent: data.agent ?? null,
        objects: data.objects,
      },
      meta: {
        status: state,
        statusLabel: POLICY_STATUS_LABELS[input.language][state],
        version: String(version.version),
        latestVersion: String(row.currentVersion),
        versionKind: version.kind,
        versionLabel: VERSION_KIND_LABELS[input.language][version.kind] ?? version.kind,
        effectiveFrom: coverage(isoDay(version.effectiveFrom)),
        schemaPath: schemaPathOf(row.productCode),
        product: row.productCode,
        policyNumber: row.policyNumber,
        quoteNumber: row.quoteNumber,
        currency: calculation.data.currency,
        // What the term costs as charged (the journal and the schedule agree on it); the rating
        // of the chosen version for a whole year is the annualised premium.
        periodPremium: toAmount(charged.payable),
        annualisedPremium: calculation.data.periodPremium,
        issuedAt: row.issuedAt?.toISOString() ?? null,
        terminatedAt: row.terminatedAt ? isoDay(row.terminatedAt) : null,
        pendingTermination: pendingTermination
          ? {
              effectiveDate: pendingTermination.effectiveDate,
              reason: pendingTermination.reason,
              ...(pendingTermination.note ? { note: pendingTermination.note } : {}),
              terminationType: pendingTermination.terminationType,
            }
          : null,
        renewalOf: row.renewalOfId,
        renewedBy: row.renewedById,
        renewal: {
          eligible: renewal.eligible,
          reason: renewal.block,
          detail: renewal.block ? BLOCK_MESSAGES[renewal.block](renewal.opensOn, openQuoteId, notRenewable) : null,
          windowOpensOn: renewal.opensOn,
          quoteId: openQuoteId,
        },
        reinstatement:
          state === 'terminated' ? { eligible: reinstatement.eligible, until: reinstatement.until, reason: reinstatement.block } : null,
        language: input.language,
        versions: versions.map((entry) => ({
          version: String(entry.version),
          kind: entry.kind,
          effectiveFrom: isoDay(entry.effectiveFrom),
          createdAt: entry.createdAt.toISOString(),
          // An out-of-sequence MTA applied a later one again: the history says which, and which is void.
          replaysVersion: entry.replaysVersion === null ? null : String(entry.replaysVersion),
          voided: row.voidedVersions.includes(entry.version),
        })),
      },
      links: policyLinks(row.id, state, { renewal: renewal.eligible, reinstatement: reinstatement.eligible }, input.language),
    },
  };
}
