// Problem details (RFC 9457) from the ledger API, as the pages show them: a sentence for the
// page and, for 422 answers, a message per field keyed by JSON pointer.

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

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Your session has expired. Sign in again.',
  403: 'Your role may not do this.',
  404: 'This record does not exist.',
  429: 'Too many requests. Wait a moment and try again.',
};

/** A readable sentence for any error a query or mutation threw. */
export function problemMessage(error: unknown): string {
  if (error instanceof LedgerProblem) {
    return error.problem.detail || STATUS_MESSAGES[error.status] || error.problem.title || error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** `/objects/0/sumInsured` → `objects.0.sumInsured` (react-hook-form field names). */
export function pointerToFieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}
