import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '@/lib/errors';
import { checkBrandColor, checkClientId, checkEmail, checkPassword, checkRoles, checkTenantTag } from './validate';

describe('account input checks', () => {
  it('accepts what the product takes, normalised', () => {
    expect(checkTenantTag('initech')).toBe('initech');
    expect(checkClientId('initech-api.v2')).toBe('initech-api.v2');
    expect(checkEmail('  Ines@Initech.TEST ')).toBe('ines@initech.test');
    expect(checkRoles(['broker', 'admin', 'broker'])).toEqual(['broker', 'admin']);
    expect(checkBrandColor('#B45309')).toBe('#b45309');
    expect(checkPassword('twelve-chars')).toBe('twelve-chars');
  });

  it.each([
    () => checkTenantTag('Initech'),
    () => checkTenantTag('-x'),
    () => checkClientId('ab'),
    () => checkClientId('Has Space'),
    () => checkEmail('not-an-email'),
    () => checkEmail('a@b'),
    () => checkRoles(['broker', 'king']),
    () => checkBrandColor('red'),
    () => checkPassword('eleven-char'),
  ])('refuses bad input %# with a field error', (check) => {
    expect(check).toThrow(ValidationFailed);
  });
});
