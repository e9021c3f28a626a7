import childProcess, { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportsNoSpace } from './ffmpeg-errors';
import { FfmpegAbortedError, FfmpegFailedError, FfmpegKilledError, FfmpegNoSpaceError, FfmpegTimeoutError, runFfmpeg } from './run-ffmpeg';
import { JOB_WALL_CLOCK_SECONDS, runLimits, runTimeoutSeconds } from './run-limits';

const dir = mkdtempSync(join(tmpdir(), 'frameforge-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Far more work than the limits below allow.
const endless = () => ['-f', 'lavfi', '-i', 'testsrc=duration=600:size=1280x720:rate=30', '-c:v', 'libx264', '-preset', 'veryslow', join(dir, 'x.mp4')];

describe('ffmpeg wall-clock limit and stop', () => {
  it('stops a run past its limit', async () => {
    const started = Date.now();
    await expect(runFfmpeg({ args: endless(), timeoutSeconds: 0.5 })).rejects.toBeInstanceOf(FfmpegTimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('takes the running job\'s limit and stop signal by default', async () => {
    const stop = new AbortController();
    const run = runLimits.run({ timeoutSeconds: 60, signal: stop.signal }, () => runFfmpeg({ args: endless() }));
    setTimeout(() => stop.abort(), 300);
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    await expect(runLimits.run({ timeoutSeconds: 0.3 }, () => runFfmpeg({ args: endless() }))).rejects.toBeInstanceOf(FfmpegTimeoutError);
  });
});

describe('the job deadline over every run', () => {
  it('cuts a run\'s own limit to the time the job has left, never below a second', () => {
    const now = 1_000_000;
    expect(runTimeoutSeconds({ timeoutSeconds: 600 }, { now })).toBe(600);
    expect(runTimeoutSeconds({ timeoutSeconds: 600, deadline: now + 120_000 }, { own: 30, now })).toBe(30);
    expect(runTimeoutSeconds({ timeoutSeconds: 600, deadline: now + 120_000 }, { now })).toBe(120);
    expect(runTimeoutSeconds({ timeoutSeconds: 600, deadline: now - 5000 }, { now })).toBe(1);
    expect(runTimeoutSeconds(undefined, { now })).toBe(3600);
  });

  it('ends well inside the 12 hours SQS lets a message stay hidden', () => {
    expect(JOB_WALL_CLOCK_SECONDS).toBeLessThanOrEqual(12 * 3600 - 30 * 60);
  });

  it('stops a run at the job\'s deadline, as a timeout', async () => {
    const started = Date.now();
    const run = runLimits.run({ timeoutSeconds: 600, deadline: Date.now() + 1000 }, () => runFfmpeg({ args: endless() }));
    await expect(run).rejects.toBeInstanceOf(FfmpegTimeoutError);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe('ffmpeg failures that are not the input\'s', () => {
  afterEach(() => jest.restoreAllMocks());

  it('tells a run killed from outside (the system, for memory) from one it stopped', async () => {
    const spawned: ChildProcess[] = [];
    const spawn = childProcess.spawn;
    jest.spyOn(childProcess, 'spawn').mockImplementation(((...args: Parameters<typeof spawn>) => {
      const child = spawn(...args);
      spawned.push(child);
      return child;
    }) as typeof spawn);
    const run = runFfmpeg({ args: endless(), timeoutSeconds: 60 });
    setTimeout(() => spawned[0]?.kill('SIGKILL'), 300);
    const error: unknown = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegKilledError);
    expect(error).not.toBeInstanceOf(FfmpegFailedError);
  });

  it('reports a full disk, though ffmpeg itself may exit 0 after the failed write', async () => {
    const args = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25', '-c:v', 'mpeg4', '-f', 'mpegts', '/dev/full'];
    await expect(runFfmpeg({ args, timeoutSeconds: 30 })).rejects.toBeInstanceOf(FfmpegNoSpaceError);
  });
});

describe('ffmpeg\'s words for a full disk', () => {
  it('are its error lines, not an input\'s metadata that repeats them', () => {
    expect(reportsNoSpace('frame=1\nError writing trailer of <output>: No space left on device\n')).toBe(true);
    expect(reportsNoSpace('av_interleaved_write_frame(): No space left on device')).toBe(true);
    expect(reportsNoSpace('  Metadata:\n    title           : No space left on device\nmoov atom not found')).toBe(false);
  });
});
