// Problem details (RFC 9457) from the ledger API, as the pages show them: a sentence for the
// page and, for 422 answers, a message per field keyed by JSON pointer.

import { pageLanguage, type PageLanguage } from './language';
import { inWords, problemKindOf, problemWords } from './messages';

export interface FieldProblem {
  path: string;
  message: string;
}

export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: FieldProblem[];
}

export class LedgerProblem extends Error {
  readonly status: number;
  readonly problem: ProblemBody;

  constructor(status: number, problem: ProblemBody) {
    super(problem.detail || problem.title || `The ledger answered ${status}`);
    this.name = 'LedgerProblem';
    this.status = status;
    this.problem = problem;
  }

  get fieldErrors(): FieldProblem[] {
    return Array.isArray(this.problem.errors) ? this.problem.errors : [];
  }
}

// Problem types whose detail is the one sentence to show (the API words it for people, in the
// page's language where it has one); for the others the catalogue's words lead and the detail,
// dates and codes put in words, says the particulars.
const DETAIL_ALONE = new Set(['validation-failed']);

/** A readable sentence for any error a query or mutation threw, in the page's language. */
export function problemMessage(error: unknown, language: PageLanguage = pageLanguage()): string {
  if (error instanceof LedgerProblem) {
    const kind = problemKindOf(error.problem.type);
    const detail = error.problem.detail ? inWords(error.problem.detail, language) : '';
    if (detail && kind && DETAIL_ALONE.has(kind)) return detail;
    const words = problemWords(error.problem.type ?? (STATUS_KINDS[error.status] ? `#${STATUS_KINDS[error.status]}` : undefined), language);
    return detail && detail !== words ? `${words} ${detail}` : words;
  }
  if (error instanceof Error) return error.message;
  return problemWords(undefined, language);
}

// An answer without a problem body (a proxy's 502, say) is still named by its status.
const STATUS_KINDS: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  422: 'validation-failed',
  429: 'rate-limited',
  503: 'unavailable',
  500: 'internal',
};

/** `/objects/0/sumInsured` → `objects.0.sumInsured` (react-hook-form field names). */
export function pointerToFieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}
