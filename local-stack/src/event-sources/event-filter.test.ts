import { JOB_END_FILTERS } from '@frameforge/functions/features/request-logs/contracts/job-ends';
import { checkFilterPattern, matchesFilters, type FilterPattern } from './event-filter';

/** A jobs table change as Lambda hands it over, with the statuses before and after. */
const change = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', next?: string, previous?: string) => ({
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: {
    Keys: { id: { S: 'job-1' } },
    ...(next === undefined ? {} : { NewImage: { id: { S: 'job-1' }, status: { S: next } } }),
    ...(previous === undefined ? {} : { OldImage: { id: { S: 'job-1' }, status: { S: previous } } }),
  },
});

describe('event filter patterns, as an event source mapping applies them', () => {
  it('passes the jobs table changes that end a job, and only those', () => {
    const passes = (event: unknown) => matchesFilters(JOB_END_FILTERS, event);
    expect(passes(change('INSERT', 'completed'))).toBe(true);
    expect(passes(change('MODIFY', 'failed', 'running'))).toBe(true);
    expect(passes(change('MODIFY', 'canceled', 'queued'))).toBe(true);
    // Progress, a claim, a change to a job that had ended already, a removal: none reach the function.
    expect(passes(change('INSERT', 'queued'))).toBe(false);
    expect(passes(change('MODIFY', 'running', 'running'))).toBe(false);
    expect(passes(change('MODIFY', 'running', 'queued'))).toBe(false);
    expect(passes(change('MODIFY', 'completed', 'completed'))).toBe(false);
    expect(passes(change('REMOVE', undefined, 'completed'))).toBe(false);
  });

  it('needs every key of a pattern in the event, and applies prefix and exists', () => {
    const pattern: FilterPattern = { detail: { kind: [{ prefix: 'job.' }], note: [{ exists: false }] }, source: ['a', 7, null] };
    expect(matchesFilters([pattern], { source: 'a', detail: { kind: 'job.ended' } })).toBe(true);
    expect(matchesFilters([pattern], { source: 7, detail: { kind: 'job.ended' } })).toBe(true);
    expect(matchesFilters([pattern], { source: null, detail: { kind: 'job.ended' } })).toBe(true);
    expect(matchesFilters([pattern], { source: 'a', detail: { kind: 'key.made' } })).toBe(false);
    expect(matchesFilters([pattern], { source: 'a', detail: { kind: 'job.ended', note: 'x' } })).toBe(false);
    expect(matchesFilters([pattern], { detail: { kind: 'job.ended' } })).toBe(false);
    expect(matchesFilters([pattern], { source: 'a' })).toBe(false);
    // anything-but still needs the key.
    expect(matchesFilters([{ status: [{ 'anything-but': 'done' }] }], {})).toBe(false);
    expect(matchesFilters([{ status: [{ 'anything-but': 'done' }] }], { status: 'open' })).toBe(true);
  });

  it('applies rules to leaves: a key holding an object matches only exists false, and one value of a list is enough', () => {
    expect(matchesFilters([{ image: [{ exists: true }] }], { image: { status: 'done' } })).toBe(false);
    expect(matchesFilters([{ image: [{ exists: false }] }], { image: { status: 'done' } })).toBe(true);
    expect(matchesFilters([{ tags: ['red'] }], { tags: ['blue', 'red'] })).toBe(true);
    expect(matchesFilters([{ tags: [{ 'anything-but': ['red'] }] }], { tags: ['red'] })).toBe(false);
  });

  it('lets everything through without patterns, as a mapping without filters does', () => {
    expect(matchesFilters([], { anything: 1 })).toBe(true);
  });

  it('refuses a rule it does not apply, instead of guessing what AWS would do', () => {
    expect(() => checkFilterPattern({ size: [{ numeric: ['>', 5] }] } as unknown as FilterPattern)).toThrow(/size: .*not a rule/);
    expect(() => checkFilterPattern({ size: 'big' } as unknown as FilterPattern)).toThrow(/must be a list or an object/);
    for (const pattern of JOB_END_FILTERS) expect(() => checkFilterPattern(pattern)).not.toThrow();
  });
});
