import { dayBound, hasFilters, isLogFilter, logsQueryOf, NO_FILTERS } from './log-filters';

describe('the logs query of the page filters', () => {
  it('asks for a page of the chosen size and nothing else when nothing is chosen', () => {
    expect(logsQueryOf(NO_FILTERS, 100).toString()).toBe('limit=100');
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('passes status, key, search (trimmed) and the cursor of the next page', () => {
    const query = logsQueryOf({ ...NO_FILTERS, status: 'error', keyId: 'k1', search: '  /cut ' }, 100, 'abc');
    expect(Object.fromEntries(query)).toEqual({ limit: '100', cursor: 'abc', status: 'error', key_id: 'k1', q: '/cut' });
  });

  it("turns calendar days into the first and last instants of those days in the browser's zone", () => {
    const query = Object.fromEntries(logsQueryOf({ ...NO_FILTERS, fromDay: '2026-03-01', toDay: '2026-03-02' }, 50));
    expect(query.from).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });

  it('reads a range given back to front as the same range, and ignores days that are not days', () => {
    const query = Object.fromEntries(logsQueryOf({ ...NO_FILTERS, fromDay: '2026-03-05', toDay: '2026-03-01' }, 50));
    expect([query.from, query.to]).toEqual([dayBound('2026-03-01', 'start'), dayBound('2026-03-05', 'end')]);
    expect(dayBound('yesterday', 'start')).toBeNull();
    expect(logsQueryOf({ ...NO_FILTERS, fromDay: '2026-3-1' }, 50).has('from')).toBe(false);
  });

  it('knows its status filters', () => {
    expect(['all', 'success', 'error'].every(isLogFilter)).toBe(true);
    expect(isLogFilter('failed')).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: ' x ' })).toBe(true);
  });
});
