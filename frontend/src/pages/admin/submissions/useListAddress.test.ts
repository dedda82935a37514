import { describe, expect, it } from 'vitest';
import { listAddressOf, listSearchOf } from './useListAddress';

/** Issue 30: the submissions list's filters, sort and page in its address (read back on the way from the cockpit). */
describe('the submissions list address', () => {
  it('when a filtered, sorted list on its third page is written and read back, then it is the same', () => {
    const address = { filters: { user: 'ada', from: '2025-03-01', to: '2025-03-31' }, sort: 'submittedAt.desc' as const, cursors: ['c2', 'c3-x_Y'] };
    const search = listSearchOf(address);
    expect(search).toBe('?user=ada&from=2025-03-01&to=2025-03-31&sort=submittedAt.desc&cursor=c2&cursor=c3-x_Y');
    expect(listAddressOf(new URLSearchParams(search))).toEqual(address);
  });

  it('when the list is as it opens, then its address has no query', () => {
    expect(listSearchOf({ filters: {}, sort: undefined, cursors: [] })).toBe('');
    expect(listAddressOf(new URLSearchParams(''))).toEqual({ filters: {}, sort: undefined, cursors: [] });
  });

  it('when the address was edited by hand, then what the list could not have written is dropped (the list opens on page 1, unfiltered by it), not sent to be refused', () => {
    expect(listAddressOf(new URLSearchParams('user=ada&sort=amount.desc&cursor=c2&cursor=not%20a%20cursor'))).toEqual({ filters: { user: 'ada' }, sort: undefined, cursors: [] });
    expect(listAddressOf(new URLSearchParams('from=yesterday&to=2025-13-1&user=ada'))).toEqual({ filters: { user: 'ada' }, sort: undefined, cursors: [] });
    expect(listAddressOf(new URLSearchParams(`cursor=${'a'.repeat(513)}`)).cursors).toEqual([]);
    const tooDeep = Array.from({ length: 51 }, (_, i) => `cursor=c${i}`).join('&');
    expect(listAddressOf(new URLSearchParams(tooDeep)).cursors).toEqual([]);
    // Unknown parameters are ignored.
    expect(listAddressOf(new URLSearchParams('x=1&user=ada'))).toEqual({ filters: { user: 'ada' }, sort: undefined, cursors: [] });
  });
});
