import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { signedUpUserWithKey } from '../support/product-user';
import { form, makeClip, probe, ProductClient, started, WITHIN_A_FRAME, type Finished } from './product-endpoints-support';

/**
 * /crop and /merge_urls from URLs on the fixture server (the one origin the
 * test stack may fetch), /merge from uploads: 202, completed, the output
 * checked with ffprobe. The jobs run at once; each test awaits its own.
 */

const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'frameforge-endpoints-video-'));
let fixtures: FixtureServer;
let jobs: { crop: Promise<Finished>; merge: Promise<Finished>; mergeUrls: Promise<Finished> };

beforeAll(async () => {
  const [long, short] = [join(work, 'two-seconds.mp4'), join(work, 'one-second.mp4')];
  const [key] = await Promise.all([signedUpUserWithKey(endpoints, 'elite'), makeClip(long, 2), makeClip(short, 1)]);
  const client = new ProductClient(endpoints.productApi, key, work);
  fixtures = await startFixtureServer();
  // One path per use, so each test can tell that its own URLs were fetched.
  for (const name of ['crop-source.mp4', 'first.mp4', 'second.mp4']) fixtures.serve(`/media/${name}`, readFileSync(long), 'video/mp4');
  const url = (name: string) => `${fixtures.origin}/media/${name}`;
  jobs = {
    crop: started(client.run('/crop', { url: url('crop-source.mp4'), w: 160, h: 120, x: 10, y: 20 }, 'crop.mp4')),
    merge: started(
      client.run(
        '/merge',
        form({}, [
          ['files', readFileSync(long), 'two-seconds.mp4', 'video/mp4'],
          ['files', readFileSync(short), 'one-second.mp4', 'video/mp4'],
        ]),
        'merge.mp4',
      ),
    ),
    mergeUrls: started(
      client.run('/merge_urls', { urls: [url('first.mp4'), url('second.mp4')], transition: 'fade', duration: 0.5, v_preset: 'ultrafast' }, 'merge-urls.mp4'),
    ),
  };
});

afterAll(async () => {
  await fixtures.close();
});

const fetchedFromFixtures = (path: string) => fixtures.requests.filter((r) => r.method === 'GET' && r.path === path).length;

describe('POST /crop from a URL', () => {
  it('is the w x h rectangle, as long as the input, with the sound kept', async () => {
    const { accepted, task, output } = await jobs.crop;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/crop', status_url: `/task/${accepted.task_id}` });
    expect(task).toMatchObject({ status: 'completed', progress: 100 });
    expect(task.output?.media_type).toBe('video/mp4');
    const facts = await probe(output);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 160, height: 120 });
    expect(facts.audio?.codec).toBe('aac');
    expect(Math.abs(facts.seconds - 2)).toBeLessThanOrEqual(WITHIN_A_FRAME);
    expect(fetchedFromFixtures('/media/crop-source.mp4')).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /merge from uploads', () => {
  it('joins the two files one after the other: duration = the sum', async () => {
    const { accepted, task, output } = await jobs.merge;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/merge' });
    expect(task.status).toBe('completed');
    const facts = await probe(output);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(facts.audio?.codec).toBe('aac');
    expect(Math.abs(facts.seconds - 3)).toBeLessThanOrEqual(WITHIN_A_FRAME);
    expect(task.output?.duration).toBeCloseTo(facts.seconds, 1);
  });
});

describe('POST /merge_urls from two URLs with transition fade', () => {
  it('overlaps the clips by the transition: duration = sum - duration', async () => {
    const { accepted, task, output } = await jobs.mergeUrls;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/merge_urls' });
    expect(task.status).toBe('completed');
    const facts = await probe(output);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(facts.audio?.codec).toBe('aac');
    expect(Math.abs(facts.seconds - (2 + 2 - 0.5))).toBeLessThanOrEqual(WITHIN_A_FRAME);
    expect(fetchedFromFixtures('/media/first.mp4')).toBeGreaterThanOrEqual(1);
    expect(fetchedFromFixtures('/media/second.mp4')).toBeGreaterThanOrEqual(1);
  });
});
