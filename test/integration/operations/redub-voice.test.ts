import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestVideo } from '../../support/media';
import { runJob } from '../../support/worker-jobs';
import { makeTone, meanVolume, videoFacts, type VideoFacts } from './redub-support';

const FRAME = 1 / 25;
const dir = mkdtempSync(join(tmpdir(), 'op-redub-voice-'));
const video = join(dir, 'source.mp4');
const voice = join(dir, 'voice.wav');
let source: VideoFacts;

beforeAll(async () => {
  await makeTestVideo(video, 3);
  await makeTone(voice, 2);
  source = await videoFacts(video);
});

async function expectRedubbed(output: string | undefined): Promise<VideoFacts> {
  const facts = await videoFacts(output ?? '');
  expect(facts).toMatchObject({ codec: source.codec, width: source.width, height: source.height, frames: source.frames, audioCodec: 'aac' });
  expect(Math.abs(facts.seconds - source.seconds)).toBeLessThanOrEqual(FRAME);
  return facts;
}

describe('redub_tts through the queue', () => {
  it('speaks a short script, stretched over the whole video with sync_to_video', async () => {
    const script = 'Hello from the local voice.';
    const synced = await runJob('redub_tts', { script, voice_id: 'local-slt', sync_to_video: 'true', normalize: 'false' }, [{ role: 'video', path: video }]);
    expect(synced.job.error).toBeNull();
    await expectRedubbed(synced.output);
    expect(await meanVolume(synced.output ?? '')).toBeGreaterThan(-50);
    // The plain speech ends well before the video does; fitted, it still speaks near the end.
    const plain = await runJob('redub_tts', { script, voice_id: 'local-slt', sync_to_video: 'false', normalize: 'false' }, [{ role: 'video', path: video }]);
    await expectRedubbed(plain.output);
    expect(await meanVolume(plain.output ?? '', 2.0, 2.5)).toBeLessThan(-60);
    expect(await meanVolume(synced.output ?? '', 2.0, 2.5)).toBeGreaterThan(-50);
  });

  it('takes ready-made speech from tts_audio, mixed over the soundtrack with ducking', async () => {
    const params = { voice_id: 'any-hosted-id', sync_to_video: 'false', mode: 'mix', duck: 'true' };
    const { job, output } = await runJob('redub_tts', params, [
      { role: 'video', path: video },
      { role: 'tts_audio', path: voice },
    ]);
    expect(job.error).toBeNull();
    await expectRedubbed(output);
  });

  it('refuses a job with neither script nor tts_audio', async () => {
    const { job } = await runJob('redub_tts', { voice_id: 'local-kal' }, [{ role: 'video', path: video }]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'missing_script', param: 'script' });
  });
});

describe('redub_vc through the queue', () => {
  it('converts a given voice', async () => {
    const { job, output } = await runJob('redub_vc', { voice_id: 'local-rms', output_format: 'wav_44100' }, [
      { role: 'video', path: video },
      { role: 'voice', path: voice },
    ]);
    expect(job.error).toBeNull();
    await expectRedubbed(output);
    expect(await meanVolume(output ?? '')).toBeGreaterThan(-50);
  });

  it('converts the video\'s own audio when no voice is given, separated first for bg_source separate', async () => {
    for (const bg_source of ['keep', 'separate']) {
      const { job, output } = await runJob('redub_vc', { voice_id: 'local-awb', bg_source, remove_background_noise: 'true' }, [{ role: 'video', path: video }]);
      expect(job.error).toBeNull();
      await expectRedubbed(output);
    }
  });
});

describe('voices through the queue', () => {
  it('returns the provider\'s voices as a JSON list', async () => {
    const { job, output } = await runJob('voices', {}, []);
    expect(job.error).toBeNull();
    expect(job.output).toMatchObject({ fileName: 'voices.json', mediaType: 'application/json' });
    const list = JSON.parse(readFileSync(output ?? '', 'utf8')) as unknown;
    expect(Array.isArray(list)).toBe(true);
    expect((list as unknown[]).length).toBeGreaterThan(0);
    for (const entry of list as { name: unknown; voice_id: unknown }[]) {
      expect(typeof entry.name).toBe('string');
      expect(typeof entry.voice_id).toBe('string');
    }
  });
});
