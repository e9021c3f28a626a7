import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegAbortedError, FfmpegTimeoutError, runFfmpeg } from './run-ffmpeg';
import { runLimits } from './run-limits';

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
