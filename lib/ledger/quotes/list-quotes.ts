import type { Prisma } from '@/lib/db/client';
import { withTenant } from '@/lib/db/tenant';
import { localMidnight } from '@/lib/dates/local-day';
import { overduePolicies } from '@/lib/ledger/payments/overdue-policies';
import { addDays } from '@/lib/rating/dates';
import type { CalculationResult } from '@/lib/rating/types';
import { parseQuoteSort, type QuoteSort } from './quote-sorts';

export const LIST_PAGE_SIZE_MAX = 100;

/** A renewal quote in one of these is no longer due: issued as the next term, or not going to be. */
const RENEWAL_DONE_STATES = ['issued', 'declined', 'referral-rejected'];

export interface ListQuotesInput {
  tenant: { id: string; timeZone: string };
  search?: string;
  status?: string;
  productCode?: string;
  /** `due`: renewal quotes not yet issued, declined or rejected (the brokers' renewals to work on). */
  renewal?: 'due';
  /** `overdue`: policies with an instalment still owed after its due date. */
  payment?: 'overdue';
  /** Both ends included, `YYYY-MM-DD`; creation dates in the tenant's zone. */
  inceptionFrom?: string;
  inceptionTo?: string;
  createdFrom?: string;
  createdTo?: string;
  sort?: QuoteSort;
  page: number;
  pageSize: number;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The list's order: the chosen column, then newest first and the id, so pages never overlap. */
export function quoteListOrder(sort: QuoteSort = '-createdAt'): Prisma.PolicyOrderByWithRelationInput[] {
  const { column, direction } = parseQuoteSort(sort);
  const order: Prisma.PolicyOrderByWithRelationInput[] = [{ [column]: direction }];
  if (column !== 'createdAt') order.push({ createdAt: 'desc' });
  order.push({ id: direction === 'asc' && column === 'createdAt' ? 'asc' : 'desc' });
  return order;
}

/** GET /sales/policies: newest first unless sorted, filtered by status, product, dates and arrears, searchable by customer name or quote/policy number. */
export async function listQuotes(input: ListQuotesInput) {
  const tenantId = input.tenant.id;
  const where: Prisma.PolicyWhereInput = { tenantId };
  const and: Prisma.PolicyWhereInput[] = [];
  if (input.status) where.status = input.status;
  if (input.productCode) where.productCode = input.productCode;
  if (input.renewal === 'due') and.push({ renewalOfId: { not: null } }, { status: { notIn: RENEWAL_DONE_STATES } });
  if (input.inceptionFrom) and.push({ dateInception: { gte: new Date(`${input.inceptionFrom}T00:00:00Z`) } });
  if (input.inceptionTo) and.push({ dateInception: { lte: new Date(`${input.inceptionTo}T00:00:00Z`) } });
  // A creation day is the tenant's local day: from its midnight up to the next day's.
  if (input.createdFrom) and.push({ createdAt: { gte: localMidnight(input.createdFrom, input.tenant.timeZone) } });
  if (input.createdTo) and.push({ createdAt: { lt: localMidnight(addDays(input.createdTo, 1), input.tenant.timeZone) } });
  const typed = input.search?.trim();
  if (typed) {
    // Prisma's `contains` builds `LIKE '%…%'` without escaping: `%` alone would match every row.
    const search = escapeLikePattern(typed);
    where.OR = [
      { customerName: { contains: search, mode: 'insensitive' } },
      { quoteNumber: { contains: search, mode: 'insensitive' } },
      { policyNumber: { contains: search, mode: 'insensitive' } },
    ];
  }
  return withTenant(tenantId, async (tx) => {
    if (input.payment === 'overdue') and.push({ id: { in: [...(await overduePolicies(tx, input.tenant)).keys()] } });
    if (and.length > 0) where.AND = and;
    const [rows, total] = await Promise.all([
      tx.policy.findMany({
        where,
        orderBy: quoteListOrder(input.sort),
        skip: (input.page - 1) * input.pageSize,
        take: input.pageSize,
        select: {
          id: true,
          quoteNumber: true,
          policyNumber: true,
          productCode: true,
          status: true,
          policyStatus: true,
          customerName: true,
          calculation: true,
          referral: true,
          createdAt: true,
          dateInception: true,
          renewalOfId: true,
        },
      }),
      tx.policy.count({ where }),
    ]);
    const issued = rows.filter((row) => row.policyNumber !== null).map((row) => row.id);
    const overdue = issued.length > 0 ? await overduePolicies(tx, input.tenant, issued) : new Map();
    return {
      data: rows.map(({ calculation, renewalOfId, ...row }) => ({
        ...row,
        renewalOf: renewalOfId,
        overdue: overdue.get(row.id) ?? null,
        payable: (calculation as CalculationResult | null)?.data.payable ?? null,
        currency: (calculation as CalculationResult | null)?.data.currency ?? null,
        dateInception: row.dateInception.toISOString().slice(0, 10),
        createdAt: row.createdAt.toISOString(),
      })),
      meta: { page: input.page, pageSize: input.pageSize, total },
    };
  });
}
