import { describe, expect, it } from 'vitest';
import { escapeLikePattern, quoteListOrder } from './list-quotes';

describe('search patterns', () => {
  it('makes LIKE wildcards and the escape character literal', () => {
    expect(escapeLikePattern('%')).toBe('\\%');
    expect(escapeLikePattern('_')).toBe('\\_');
    expect(escapeLikePattern('a\\b')).toBe('a\\\\b');
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLikePattern('Müller Q-2026')).toBe('Müller Q-2026');
  });
});

describe('list order', () => {
  it('is newest first by default, the id breaking ties', () => {
    expect(quoteListOrder()).toEqual([{ createdAt: 'desc' }, { id: 'desc' }]);
  });
  it('is oldest first for createdAt ascending', () => {
    expect(quoteListOrder('createdAt')).toEqual([{ createdAt: 'asc' }, { id: 'asc' }]);
  });
  it('sorts by the chosen column, then newest first', () => {
    expect(quoteListOrder('customerName')).toEqual([{ customerName: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }]);
    expect(quoteListOrder('-dateInception')).toEqual([{ dateInception: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }]);
  });
});
