import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './list-params';

const read = (query: string) => readListParams(new URLSearchParams(query));

/** What an empty address means: every filter off, newest first, page 1. */
const DEFAULTS = {
  search: '',
  status: '',
  productCode: '',
  renewal: '',
  payment: '',
  inceptionFrom: '',
  inceptionTo: '',
  createdFrom: '',
  createdTo: '',
  sort: '-createdAt',
  page: 1,
};

describe('quote list params in the address', () => {
  it('reads the defaults from an empty address and writes them back as nothing', () => {
    const params = read('');
    expect(params).toEqual(DEFAULTS);
    expect(writeListParams(params)).toBe('');
  });

  it('round-trips every filter, the sort and the page', () => {
    const query =
      '?search=M%C3%BCller+%26+Co&status=referral-rejected&product=home&renewal=due&payment=overdue&inceptionFrom=2027-01-01&inceptionTo=2027-02-28&createdFrom=2026-11-01&createdTo=2026-11-30&sort=customerName&page=3';
    const params = read(query);
    expect(params).toEqual({
      search: 'Müller & Co',
      status: 'referral-rejected',
      productCode: 'home',
      renewal: 'due',
      payment: 'overdue',
      inceptionFrom: '2027-01-01',
      inceptionTo: '2027-02-28',
      createdFrom: '2026-11-01',
      createdTo: '2026-11-30',
      sort: 'customerName',
      page: 3,
    });
    expect(writeListParams(params)).toBe(query);
  });

  it('drops what the API would refuse', () => {
    expect(
      read(
        'status=active&sort=payable&page=0&product=Home%20%25&renewal=soon&payment=late&inceptionFrom=2027-02-31&createdTo=01%2F03%2F2027',
      ),
    ).toEqual(DEFAULTS);
    expect(read('page=2.5').page).toBe(1);
    // A range that ends before it starts keeps its start only.
    expect(read('inceptionFrom=2027-03-01&inceptionTo=2027-02-01')).toMatchObject({ inceptionFrom: '2027-03-01', inceptionTo: '' });
    expect(read('createdFrom=2027-03-01&createdTo=2027-03-01')).toMatchObject({ createdFrom: '2027-03-01', createdTo: '2027-03-01' });
    expect(read('page=100001').page).toBe(1);
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });
});
