import { describe, expect, it } from 'vitest';
import { escapeLikePattern } from './list-quotes';

describe('search patterns', () => {
  it('makes LIKE wildcards and the escape character literal', () => {
    expect(escapeLikePattern('%')).toBe('\\%');
    expect(escapeLikePattern('_')).toBe('\\_');
    expect(escapeLikePattern('a\\b')).toBe('a\\\\b');
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLikePattern('Müller Q-2026')).toBe('Müller Q-2026');
  });
});
