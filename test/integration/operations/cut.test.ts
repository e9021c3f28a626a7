import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestVideo, probeDuration } from '../../support/media';
import { runJob } from '../../support/worker-jobs';

let video = '';

beforeAll(async () => {
  video = join(mkdtempSync(join(tmpdir(), 'op-cut-')), 'source.mp4');
  await makeTestVideo(video, 4);
});

describe('cut through the queue', () => {
  it('keeps duration seconds from start, frame-exact', async () => {
    const { job, output } = await runJob('cut', { start: '1', duration: '2' }, [{ role: 'file', path: video }]);
    expect(job.status).toBe('completed');
    expect(Math.abs((await probeDuration(output ?? '')) - 2)).toBeLessThan(0.05);
  });

  it('defaults start to 0 and keeps the rest', async () => {
    const { job, output } = await runJob('cut', {}, [{ role: 'file', path: video }]);
    expect(job.status).toBe('completed');
    expect(Math.abs((await probeDuration(output ?? '')) - 4)).toBeLessThan(0.1);
  });
});
