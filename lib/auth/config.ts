/** Token settings, named with their units. Access tokens live at most one hour. */
export const TOKEN_AUDIENCE = 'ledger';
export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_TTL_SECONDS = Math.min(Number(process.env.TOKEN_TTL_SECONDS ?? 3600), 3600);
/** Clock skew we forgive between processes. */
export const CLOCK_TOLERANCE_SECONDS = 5;
/** A retired key stays published this long, so tokens it signed stay valid until they expire. */
export const RETIRED_KEY_PUBLISHED_SECONDS = TOKEN_TTL_SECONDS + 300;

export function tokenIssuer(): string {
  return process.env.TOKEN_ISSUER ?? 'policy-ledger';
}
