import type { Role } from '@/lib/auth/roles';
import { isRole } from '@/lib/auth/roles';

// What the admin API and pages show of an API client or a user: never a hash.

export interface ClientView {
  clientId: string;
  name: string;
  roles: Role[];
  status: 'active' | 'revoked';
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** While a rotation's overlap runs, the old secret works until then. */
  previousSecretValidUntil: string | null;
}

export interface UserView {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  status: 'active' | 'disabled' | 'invited';
  createdAt: string;
  createdBy: string;
  disabledAt: string | null;
}

export const CLIENT_FIELDS = {
  clientId: true,
  name: true,
  roles: true,
  active: true,
  createdAt: true,
  createdBy: true,
  lastUsedAt: true,
  revokedAt: true,
  previousSecretUntil: true,
} as const;

export const USER_FIELDS = {
  id: true,
  email: true,
  name: true,
  roles: true,
  active: true,
  passwordHash: true,
  createdAt: true,
  createdBy: true,
  disabledAt: true,
} as const;

interface ClientRow {
  clientId: string;
  name: string;
  roles: string[];
  active: boolean;
  createdAt: Date;
  createdBy: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  previousSecretUntil: Date | null;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  roles: string[];
  active: boolean;
  passwordHash: string | null;
  createdAt: Date;
  createdBy: string;
  disabledAt: Date | null;
}

export function toClientView(row: ClientRow, nowMs = Date.now()): ClientView {
  const overlap = row.previousSecretUntil && row.previousSecretUntil.getTime() > nowMs ? row.previousSecretUntil : null;
  return {
    clientId: row.clientId,
    name: row.name,
    roles: row.roles.filter(isRole),
    status: row.active ? 'active' : 'revoked',
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    previousSecretValidUntil: row.active ? (overlap?.toISOString() ?? null) : null,
  };
}

export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles.filter(isRole),
    status: !row.active ? 'disabled' : row.passwordHash === null ? 'invited' : 'active',
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}
