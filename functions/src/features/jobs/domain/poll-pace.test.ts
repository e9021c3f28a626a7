import { DEFAULT_POLL_SECONDS, heldReadAfterMs, MAX_POLL_SECONDS, MIN_HELD_READ_MS, pollAfterSeconds } from './poll-pace';

const started = '2026-01-01T00:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(started) + seconds * 1000);
const running = (progress: number, reportedAfter: number) => ({ status: 'processing' as const, progress, startedAt: started, updatedAt: at(reportedAfter).toISOString() });

describe('pollAfterSeconds', () => {
  it('asks for the default pace while nothing tells when the task ends', () => {
    expect(pollAfterSeconds({ status: 'queued', progress: 0, startedAt: null, updatedAt: started }, at(1))).toBe(DEFAULT_POLL_SECONDS);
    expect(pollAfterSeconds(running(0, 3), at(3))).toBe(DEFAULT_POLL_SECONDS);
    // A report at the very start gives no rate to read.
    expect(pollAfterSeconds(running(5, 0), at(1))).toBe(DEFAULT_POLL_SECONDS);
  });

  it('asks for half the time the progress says is left', () => {
    // 25 % in 10 s: 30 s left, come back in 15.
    expect(pollAfterSeconds(running(25, 10), at(10))).toBe(MAX_POLL_SECONDS);
    // 50 % in 10 s: 10 s left, come back in 5; 2 s after the report, 8 s left, come back in 4.
    expect(pollAfterSeconds(running(50, 10), at(10))).toBe(5);
    expect(pollAfterSeconds(running(50, 10), at(12))).toBe(4);
  });

  it('asks once a second near the end, and never less, even past the expected end', () => {
    expect(pollAfterSeconds(running(90, 18), at(18))).toBe(1);
    expect(pollAfterSeconds(running(95, 19), at(30))).toBe(1);
  });

  it('asks at most every 10 s however long the task is', () => {
    expect(pollAfterSeconds(running(5, 60), at(60))).toBe(MAX_POLL_SECONDS);
  });
});

describe('heldReadAfterMs', () => {
  it('reads every half second while nothing tells when the task ends', () => {
    expect(heldReadAfterMs({ status: 'queued', progress: 0, startedAt: null, updatedAt: started }, at(1))).toBe(500);
    expect(heldReadAfterMs(running(0, 3), at(3))).toBe(500);
  });

  it('reads every 2 s far from the end, and every quarter second near it and past it', () => {
    // 25 % in 10 s: 30 s left.
    expect(heldReadAfterMs(running(25, 10), at(10))).toBe(2000);
    // 80 % in 16 s: 4 s left, read again in 1 s.
    expect(heldReadAfterMs(running(80, 16), at(16))).toBe(1000);
    expect(heldReadAfterMs(running(95, 19), at(19.5))).toBe(MIN_HELD_READ_MS);
    expect(heldReadAfterMs(running(95, 19), at(30))).toBe(MIN_HELD_READ_MS);
  });
});
