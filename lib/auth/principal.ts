import type { Role } from './roles';

/** Who is calling: an API client (client credentials) or a signed-in user. */
export interface Principal {
  /** `client:<clientId>` or `user:<userId>`; recorded as the actor of every change. */
  subject: string;
  tenantTag: string;
  roles: Role[];
  tokenId: string;
}
