import { filterLogs, isLogFilter, matchesFilter, matchesSearch } from './log-filters';

const logs = [
  { id: 'a', method: 'GET', endpoint: '/account', status_code: 200 },
  { id: 'b', method: 'POST', endpoint: '/cut', status_code: 400 },
  { id: 'c', method: 'POST', endpoint: '/merge_urls', status_code: 202 },
  { id: 'd', method: 'GET', endpoint: '/task/123', status_code: 500 },
  { id: 'e', method: 'POST', endpoint: '/crop', status_code: 302 },
];
const ids = (list: { id: string }[]) => list.map((l) => l.id);

describe('matchesFilter', () => {
  it('keeps only 2xx for success, at its edges too', () => {
    expect([199, 200, 204, 299, 300].map((s) => matchesFilter(s, 'success'))).toEqual([false, true, true, true, false]);
  });

  it('keeps 400 and above for error, 5xx included', () => {
    expect([200, 399, 400, 429, 500, 503].map((s) => matchesFilter(s, 'error'))).toEqual([false, false, true, true, true, true]);
  });

  it('keeps everything for all', () => {
    expect([100, 200, 302, 404, 500].every((s) => matchesFilter(s, 'all'))).toBe(true);
  });
});

describe('matchesSearch', () => {
  it('matches the endpoint or the method, ignoring case and surrounding blanks', () => {
    expect(matchesSearch(logs[0]!, 'ACCOUNT')).toBe(true);
    expect(matchesSearch(logs[1]!, '  post ')).toBe(true);
    expect(matchesSearch(logs[1]!, 'merge')).toBe(false);
  });

  it('does not match on other fields such as the status', () => {
    expect(matchesSearch(logs[1]!, '400')).toBe(false);
  });

  it('matches everything when blank', () => {
    expect(logs.every((log) => matchesSearch(log, '   '))).toBe(true);
  });
});

describe('filterLogs', () => {
  it('combines the filter and the search, keeping the order', () => {
    expect(ids(filterLogs(logs, 'all', ''))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(filterLogs(logs, 'success', ''))).toEqual(['a', 'c']);
    expect(ids(filterLogs(logs, 'error', ''))).toEqual(['b', 'd']);
    expect(ids(filterLogs(logs, 'error', 'post'))).toEqual(['b']);
    expect(ids(filterLogs(logs, 'success', 'cut'))).toEqual([]);
  });
});

describe('isLogFilter', () => {
  it('accepts the three filters only', () => {
    expect(['all', 'success', 'error', 'errors', ''].map(isLogFilter)).toEqual([true, true, true, false, false]);
  });
});
