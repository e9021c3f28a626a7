import { durationSeconds, formatDuration, operationOf, outputKindOf, paramText } from './task-display';
import { hasTaskFilters, NO_TASK_FILTERS, tasksQueryOf } from './task-filters';

describe('task display', () => {
  it('picks the player by the media type', () => {
    expect(outputKindOf('video/mp4')).toBe('video');
    expect(outputKindOf('audio/mpeg')).toBe('audio');
    expect(outputKindOf('image/png')).toBe('image');
    expect(outputKindOf('text/x-ass')).toBe('other');
  });

  it('names the operation as the filter does', () => {
    expect(operationOf('/cut')).toBe('cut');
    expect(operationOf('/merge/urls')).toBe('merge_urls');
    expect(operationOf('/eleven/voices')).toBe('voices');
  });

  it('measures from the start to the end, to now while running, and not before a start', () => {
    const base = { created_at: '2026-01-01T00:00:00Z', started_at: '2026-01-01T00:00:01Z' };
    expect(durationSeconds({ ...base, completed_at: '2026-01-01T00:00:05.500Z' })).toBe(4.5);
    expect(durationSeconds({ ...base, completed_at: null }, new Date('2026-01-01T00:00:03Z'))).toBe(2);
    expect(durationSeconds({ created_at: base.created_at, started_at: null, completed_at: null })).toBeNull();
    // Canceled while queued: from its creation to its end.
    expect(durationSeconds({ created_at: base.created_at, started_at: null, completed_at: '2026-01-01T00:00:02Z' })).toBe(2);
  });

  it('writes durations in the reader’s language', () => {
    expect(formatDuration(4.25, 'en')).toBe('4.3s');
    expect(formatDuration(125, 'en')).toBe('2m 5s');
    expect(formatDuration(1.5, 'de')).toMatch(/^1,5\s/);
  });

  it('shows parameters as text', () => {
    expect(paramText('x')).toBe('x');
    expect(paramText(2)).toBe('2');
    expect(paramText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('task filters', () => {
  it('asks for the chosen status and operation, and the next page after the cursor', () => {
    expect(tasksQueryOf(NO_TASK_FILTERS, 50).toString()).toBe('limit=50');
    expect(tasksQueryOf({ status: 'failed', operation: 'cut' }, 50, 'abc').toString()).toBe('limit=50&status=failed&operation=cut&starting_after=abc');
    expect(hasTaskFilters(NO_TASK_FILTERS)).toBe(false);
    expect(hasTaskFilters({ status: '', operation: 'merge' })).toBe(true);
  });
});
