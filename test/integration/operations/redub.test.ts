import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestVideo } from '../../support/media';
import { runJob } from '../../support/worker-jobs';
import { makeTone, meanVolume, videoFacts, type VideoFacts } from './redub-support';

const FRAME = 1 / 25;
const dir = mkdtempSync(join(tmpdir(), 'op-redub-'));
const video = join(dir, 'source.mp4');
const voice = join(dir, 'voice.wav');
const me = join(dir, 'me.wav');
let source: VideoFacts;

beforeAll(async () => {
  await makeTestVideo(video, 2);
  await makeTone(voice, 1.5);
  await makeTone(me, 3, 'anoisesrc=amplitude=0.1');
  source = await videoFacts(video);
});

async function expectRedubbed(output: string | undefined): Promise<VideoFacts> {
  const facts = await videoFacts(output ?? '');
  expect(facts).toMatchObject({ codec: source.codec, width: source.width, height: source.height, frames: source.frames });
  expect(facts.audioCodec).toBe('aac');
  expect(Math.abs(facts.seconds - source.seconds)).toBeLessThanOrEqual(FRAME);
  expect(Math.abs((facts.audioSeconds ?? 0) - source.seconds)).toBeLessThanOrEqual(FRAME);
  return facts;
}

describe('redub through the queue', () => {
  it.each([
    ['keep', 'replace'],
    ['keep', 'mix'],
    ['external', 'replace'],
    ['external', 'mix'],
    ['centerremove', 'replace'],
    ['centerremove', 'mix'],
    ['separate', 'replace'],
    ['separate', 'mix'],
  ])('bg_source %s, mode %s: picture untouched, audio as long as the video', async (bg_source, mode) => {
    const files = [{ role: 'video' as const, path: video }, { role: 'voice' as const, path: voice }, ...(bg_source === 'external' ? [{ role: 'me' as const, path: me }] : [])];
    const { job, output } = await runJob('redub', { bg_source, mode }, files);
    expect(job.error).toBeNull();
    expect(job.status).toBe('completed');
    expect(job.output?.fileName).toMatch(/\.mp4$/);
    await expectRedubbed(output);
    expect(await meanVolume(output ?? '')).toBeGreaterThan(-50);
  });

  it('ducks, normalises, shifts and gains the voice', async () => {
    for (const offset_ms of [400, -300]) {
      const params = { bg_source: 'external', mode: 'mix', duck: 'true', normalize: 'true', offset_ms, voice_gain: 3, bg_gain: -6 };
      const { job, output } = await runJob('redub', params, [
        { role: 'video', path: video },
        { role: 'voice', path: voice },
        { role: 'me', path: me },
      ]);
      expect(job.status).toBe('completed');
      await expectRedubbed(output);
    }
  });

  it('centerremove cancels centre-panned sound that keep leaves in', async () => {
    const files = [{ role: 'video' as const, path: video }, { role: 'voice' as const, path: voice }];
    const params = { mode: 'mix', voice_gain: -30, normalize: 'false' };
    const kept = await runJob('redub', { ...params, bg_source: 'keep' }, files);
    const removed = await runJob('redub', { ...params, bg_source: 'centerremove' }, files);
    expect((await meanVolume(kept.output ?? '')) - (await meanVolume(removed.output ?? ''))).toBeGreaterThan(15);
  });

  it('refuses external without a music and effects file', async () => {
    const { job } = await runJob('redub', { bg_source: 'external' }, [
      { role: 'video', path: video },
      { role: 'voice', path: voice },
    ]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'missing_input', param: 'me_file' });
    expect(job.error?.message).toMatch(/^Error: /);
  });
});
