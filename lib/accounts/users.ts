import { hashSecret } from '@/lib/auth/passwords';
import type { Tx } from '@/lib/db/client';
import { withSystem, withTenant } from '@/lib/db/tenant';
import { Conflict, NotFound, ValidationFailed } from '@/lib/errors';
import { forgetSubject } from '@/lib/auth/revocation';
import { recordAccountEvent } from './audit';
import { newPasswordSetToken, tokenDigest } from './secrets';
import { checkEmail, checkName, checkPassword, checkRoles } from './validate';
import { toUserView, USER_FIELDS, type UserView } from './views';

// Users of the pages: created with an initial password (command line) or with a one-time
// set-password link that the admin hands over (admin API and pages); roles changed; disabled.

/** A set-password link works once, for this long. */
export const PASSWORD_LINK_TTL_SECONDS = 72 * 60 * 60;
const USERS_PAGE_MAX = 500;

export async function listUsers(tenantId: string): Promise<UserView[]> {
  const rows = await withTenant(tenantId, (tx) =>
    tx.user.findMany({ where: { tenantId }, select: USER_FIELDS, orderBy: { createdAt: 'asc' }, take: USERS_PAGE_MAX }),
  );
  return rows.map(toUserView);
}

async function findUser(tx: Tx, tenantId: string, userId: string) {
  const row = await tx.user.findFirst({ where: { tenantId, id: userId }, select: USER_FIELDS });
  if (!row) throw new NotFound('User', userId);
  return row;
}

export async function readUser(tenantId: string, userId: string): Promise<UserView> {
  return toUserView(await withTenant(tenantId, (tx) => findUser(tx, tenantId, userId)));
}

/** The tenant's user with this e-mail, for the command line (which names users by e-mail). */
export async function userIdByEmail(tenantId: string, email: string): Promise<string> {
  const normal = checkEmail(email);
  const row = await withTenant(tenantId, (tx) => tx.user.findFirst({ where: { tenantId, email: normal }, select: { id: true } }));
  if (!row) throw new NotFound('User', normal);
  return row.id;
}

/**
 * Creates a user. With `password` the user can sign in at once; without it the answer carries
 * a one-time set-password token (valid PASSWORD_LINK_TTL_SECONDS). E-mails are unique across tenants.
 */
export async function createUser(
  tenantId: string,
  actor: string,
  input: { email: string; name?: string; roles: readonly string[]; password?: string },
): Promise<{ user: UserView; passwordSetToken: string | null; passwordSetExpiresAt: string | null }> {
  const email = checkEmail(input.email);
  const roles = checkRoles(input.roles);
  const name = checkName(input.name ?? email.split('@')[0]!);
  const taken = await withSystem((tx) => tx.user.findUnique({ where: { email }, select: { id: true } }));
  if (taken) throw new Conflict(`A user with the e-mail ${email} already exists`);
  const passwordHash = input.password === undefined ? null : await hashSecret(checkPassword(input.password));
  const token = passwordHash === null ? newPasswordSetToken() : null;
  const expiresAt = token ? new Date(Date.now() + PASSWORD_LINK_TTL_SECONDS * 1000) : null;
  const row = await withTenant(tenantId, async (tx) => {
    const created = await tx.user.create({
      data: {
        tenantId,
        email,
        name,
        roles,
        passwordHash,
        createdBy: actor,
        passwordSetTokenHash: token ? tokenDigest(token) : null,
        passwordSetExpiresAt: expiresAt,
      },
      select: USER_FIELDS,
    });
    await recordAccountEvent(tx, { tenantId, type: 'user.created', actor, after: toUserView(created) });
    return created;
  });
  return { user: toUserView(row), passwordSetToken: token, passwordSetExpiresAt: expiresAt?.toISOString() ?? null };
}

/** Changes a user's name or roles, or enables a disabled user again. */
export async function updateUser(
  tenantId: string,
  actor: string,
  userId: string,
  input: { name?: string; roles?: readonly string[]; active?: boolean },
): Promise<UserView> {
  const data = {
    ...(input.name === undefined ? {} : { name: checkName(input.name) }),
    ...(input.roles === undefined ? {} : { roles: checkRoles(input.roles) }),
  };
  return withTenant(tenantId, async (tx) => {
    const before = await findUser(tx, tenantId, userId);
    const enabling = input.active === true && !before.active;
    const disabling = input.active === false && before.active;
    const after = await tx.user.update({
      where: { id: userId },
      data: {
        ...data,
        ...(enabling ? { active: true, disabledAt: null } : {}),
        ...(disabling ? { active: false, disabledAt: new Date() } : {}),
      },
      select: USER_FIELDS,
    });
    const type = disabling ? 'user.disabled' : enabling ? 'user.enabled' : 'user.updated';
    await recordAccountEvent(tx, { tenantId, type, actor, before: toUserView(before), after: toUserView(after) });
    return toUserView(after);
  }).finally(() => forgetSubject(`user:${userId}`));
}

/** Disables a user: no sign-in, and live sessions and tokens are refused within the revocation bound. */
export function disableUser(tenantId: string, actor: string, userId: string): Promise<UserView> {
  return updateUser(tenantId, actor, userId, { active: false });
}

/** A fresh one-time link (the old one stops working), e.g. when the first was lost or the user forgot the password. */
export async function issuePasswordLink(
  tenantId: string,
  actor: string,
  userId: string,
): Promise<{ passwordSetToken: string; passwordSetExpiresAt: string }> {
  const token = newPasswordSetToken();
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_TTL_SECONDS * 1000);
  await withTenant(tenantId, async (tx) => {
    const user = await findUser(tx, tenantId, userId);
    if (!user.active) throw new Conflict('The user is disabled; enable the user first');
    await tx.user.update({ where: { id: userId }, data: { passwordSetTokenHash: tokenDigest(token), passwordSetExpiresAt: expiresAt } });
    await recordAccountEvent(tx, { tenantId, type: 'user.password-link-issued', actor, data: { userId } });
  });
  return { passwordSetToken: token, passwordSetExpiresAt: expiresAt.toISOString() };
}

/**
 * Sets a password with a one-time token (the set-password page). The token is spent by the
 * same statement that checks it, so it works once even when two requests race.
 */
export async function setPasswordWithToken(token: string, password: string): Promise<{ email: string }> {
  const checked = checkPassword(password);
  const passwordHash = await hashSecret(checked);
  const digest = tokenDigest(token);
  const user = await withSystem(async (tx) => {
    const found = await tx.user.findUnique({ where: { passwordSetTokenHash: digest }, select: { id: true, tenantId: true, email: true } });
    if (!found) return null;
    const spent = await tx.user.updateMany({
      where: { id: found.id, passwordSetTokenHash: digest, active: true, passwordSetExpiresAt: { gt: new Date() } },
      data: { passwordHash, passwordSetTokenHash: null, passwordSetExpiresAt: null },
    });
    if (spent.count !== 1) return null;
    await recordAccountEvent(tx, {
      tenantId: found.tenantId,
      type: 'user.password-set',
      actor: `user:${found.id}`,
      data: { userId: found.id },
    });
    return found;
  });
  if (!user) {
    const message = 'This link is not valid any more: ask your administrator for a new one';
    throw new ValidationFailed(message, [{ path: '/token', message }]);
  }
  return { email: user.email };
}
