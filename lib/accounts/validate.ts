import { isRole, type Role } from '@/lib/auth/roles';
import { ValidationFailed } from '@/lib/errors';
import { isTenantTag } from '@/lib/tenants/lookup';

// Checks shared by the command line and the admin API (the API's zod schemas say the same;
// the command has no schema in front of it).

const CLIENT_ID = /^[a-z0-9][a-z0-9._-]{2,63}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/;
const BRAND_COLOR = /^#[0-9a-fA-F]{6}$/;
export const PASSWORD_LENGTH_MIN = 12;
export const PASSWORD_LENGTH_MAX = 1024;

function fail(path: string, message: string): never {
  throw new ValidationFailed(message, [{ path, message }]);
}

export function checkTenantTag(tag: string): string {
  if (!isTenantTag(tag)) fail('/tag', 'A tenant tag is 1-63 lower-case letters, digits and hyphens, starting with a letter or digit');
  return tag;
}

export function checkClientId(clientId: string): string {
  if (!CLIENT_ID.test(clientId)) fail('/clientId', 'A client id is 3-64 lower-case letters, digits, dots, hyphens and underscores');
  return clientId;
}

export function checkEmail(email: string): string {
  const normal = email.trim().toLowerCase();
  if (normal.length > 254 || !EMAIL.test(normal)) fail('/email', 'Not an e-mail address');
  return normal;
}

export function checkRoles(roles: readonly string[]): Role[] {
  const unknown = roles.filter((role) => !isRole(role));
  if (unknown.length > 0) fail('/roles', `Unknown role ${unknown.join(', ')}; roles are broker, underwriter, admin`);
  return [...new Set(roles.filter(isRole))];
}

export function checkName(name: string, path = '/name'): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 200) fail(path, 'A name is 1-200 characters');
  return trimmed;
}

export function checkBrandColor(color: string): string {
  if (!BRAND_COLOR.test(color)) fail('/brandColor', 'A brand colour is #rrggbb');
  return color.toLowerCase();
}

export function checkPassword(password: string): string {
  if (password.length < PASSWORD_LENGTH_MIN || password.length > PASSWORD_LENGTH_MAX) {
    fail('/password', `A password is ${PASSWORD_LENGTH_MIN}-${PASSWORD_LENGTH_MAX} characters`);
  }
  return password;
}
