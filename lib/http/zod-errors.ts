import type { z } from 'zod';
import type { FieldError } from '@/lib/errors';

const ISSUES_MAX = 50;

/** Zod issues as JSON-pointer field errors; `root` prefixes query parameters. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], root = ''): FieldError[] {
  return issues.slice(0, ISSUES_MAX).map((issue) => ({
    path:
      (root ? `/${root}` : '') + issue.path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''),
    message: issue.message,
  }));
}
