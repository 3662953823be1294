export const ROLES = ['broker', 'underwriter', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who may act: brokers run quotes and policies, underwriters also decide referrals, admins everything. */
export const ANY_LEDGER_ROLE: readonly Role[] = ['broker', 'underwriter', 'admin'];
export const REFERRAL_DECIDERS: readonly Role[] = ['underwriter', 'admin'];
export const ADMINS: readonly Role[] = ['admin'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function mayAct(roles: readonly string[], allowed: readonly Role[]): boolean {
  return roles.some((role) => (allowed as readonly string[]).includes(role));
}
