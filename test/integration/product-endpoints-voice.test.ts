import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { signedUpUserWithKey } from '../support/product-user';
import { jobs as jobRecords } from '../support/worker-jobs';
import { bandPsnr, ffmpeg, form, makeClip, probe, ProductClient, started, WITHIN_A_FRAME, type Finished, type MediaFacts } from './product-endpoints-support';

/**
 * /eleven/voices, the redub family and /captions/auto, end to end: uploads
 * for /redub and /redub_vc, URLs on the fixture server for /redub_tts (the
 * video and the script), a file_id for /captions/auto; then GET /file for
 * the captions' .ass attachment.
 */

const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'frameforge-endpoints-voice-'));
let client: ProductClient;
let fixtures: FixtureServer;
let video: Buffer;
let source: MediaFacts;
let spoken: MediaFacts;
let voicesAnswer: { status: number; taskId: string | null; body: { voices?: { name: string; voice_id: string }[] } };
let jobs: { redub: Promise<Finished>; tts: Promise<Finished>; vc: Promise<Finished>; captions: Promise<Finished> };

const SCRIPT = 'Hello from the fixture server.';

beforeAll(async () => {
  const clipPath = join(work, 'clip.mp4');
  const tonePath = join(work, 'voice.wav');
  const speechPath = join(work, 'speech.wav');
  const spokenPath = join(work, 'spoken.mp4');
  const [key] = await Promise.all([
    signedUpUserWithKey(endpoints, 'elite'),
    makeClip(clipPath, 3),
    ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=880:duration=2', '-ac', '2', tonePath]),
    ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', "flite=text='hello world this is a test':voice=slt", '-ar', '16000', speechPath]),
  ]);
  // The captions clip lasts exactly as long as its speech.
  const speechSeconds = (await probe(speechPath)).seconds;
  await makeClip(spokenPath, Number(speechSeconds.toFixed(3)), speechPath);
  [video, source, spoken] = [readFileSync(clipPath), await probe(clipPath), await probe(spokenPath)];
  client = new ProductClient(endpoints.productApi, key, work);

  // First, while the worker is idle: /eleven/voices waits for its task within the request.
  const voices = await client.request('/eleven/voices');
  voicesAnswer = { status: voices.status, taskId: voices.headers.get('x-task-id'), body: (await voices.json()) as typeof voicesAnswer.body };
  const [first, second = first] = voicesAnswer.body.voices ?? [];
  const voiceId = (v: typeof first) => v?.voice_id ?? 'no-voice-listed';

  fixtures = await startFixtureServer();
  fixtures.serve('/media/clip.mp4', video, 'video/mp4');
  fixtures.serve('/script.txt', Buffer.from(SCRIPT), 'text/plain; charset=utf-8');
  const uploadVideo = (field: string): [string, Buffer, string, string] => [field, video, 'clip.mp4', 'video/mp4'];
  // The redub family waits for the result by default: download=0 asks for the 202.
  jobs = {
    redub: started(
      client.run('/redub', form({ download: '0', mode: 'replace' }, [uploadVideo('video_file'), ['voice_file', readFileSync(tonePath), 'voice.wav', 'audio/wav']]), 'redub.mp4'),
    ),
    tts: started(
      client.run('/redub_tts', { video_url: `${fixtures.origin}/media/clip.mp4`, script_url: `${fixtures.origin}/script.txt`, voice_id: voiceId(first), download: false }, 'redub-tts.mp4'),
    ),
    vc: started(client.run('/redub_vc', form({ download: '0', voice_id: voiceId(second) }, [uploadVideo('video_file')]), 'redub-vc.mp4')),
    captions: started(
      client
        .upload(readFileSync(spokenPath), 'spoken.mp4', 'video/mp4')
        .then((fileId) => client.run('/captions/auto', { video_file_id: fileId, return_ass: true, position: 'bottom', font_size: 28, max_lines: 1 }, 'captions.mp4')),
    ),
  };
});

afterAll(async () => {
  await fixtures?.close();
});

/** A redub keeps the picture as it was and carries a sound track of the video's length. */
async function expectRedubbed(output: string): Promise<void> {
  const facts = await probe(output);
  expect(facts.video).toEqual(source.video);
  expect(facts.audio?.codec).toBe('aac');
  expect(Math.abs(facts.seconds - source.seconds)).toBeLessThanOrEqual(WITHIN_A_FRAME);
}

describe('GET /eleven/voices without X-ElevenLabs-Key', () => {
  it('answers 200 with the built-in voices, each {name, voice_id}', () => {
    expect(voicesAnswer.status).toBe(200);
    expect(voicesAnswer.taskId).toMatch(/^[0-9a-f-]{36}$/);
    const voices = voicesAnswer.body.voices ?? [];
    expect(voices.length).toBeGreaterThan(0);
    for (const voice of voices) expect(voice).toEqual({ name: expect.any(String), voice_id: expect.any(String) });
  });
});

describe('the redub family', () => {
  it('POST /redub (uploads): 202, completed, the video stream kept, the new voice as its sound', async () => {
    const { accepted, task, output } = await jobs.redub;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/redub', status_url: `/task/${accepted.task_id}` });
    expect(task).toMatchObject({ status: 'completed', progress: 100 });
    await expectRedubbed(output);
  });

  it('POST /redub_tts (video_url and a text/plain script_url) with a listed voice_id', async () => {
    const { accepted, task, output } = await jobs.tts;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/redub_tts' });
    expect(task.status).toBe('completed');
    await expectRedubbed(output);
    const fetched = (path: string) => fixtures.requests.some((r) => r.method === 'GET' && r.path === path);
    expect(fetched('/script.txt')).toBe(true);
    expect(fetched('/media/clip.mp4')).toBe(true);
  });

  it('POST /redub_vc (upload) with a listed voice_id converts the video\'s own voice', async () => {
    const { accepted, task, output } = await jobs.vc;
    expect(accepted).toMatchObject({ status: 'accepted', endpoint: '/redub_vc' });
    expect(task.status).toBe('completed');
    await expectRedubbed(output);
  });
});

/** The first caption's middle, in seconds, from the ASS Dialogue lines. */
function firstCaptionMiddle(ass: string): number {
  const seconds = (t: string) => t.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const match = /^Dialogue: [^,]*,([^,]+),([^,]+),/m.exec(ass);
  if (!match?.[1] || !match[2]) throw new Error('no Dialogue line in the .ass');
  return (seconds(match[1]) + seconds(match[2])) / 2;
}

async function fileAt(path: string): Promise<Response> {
  return client.request(`/file?path=${encodeURIComponent(path)}`);
}

describe('POST /captions/auto (a file_id) with return_ass=1', () => {
  it('burns captions into the bottom of the picture only, and keeps the length and the sound', async () => {
    const { accepted, task, output } = await jobs.captions;
    expect(accepted).toMatchObject({ status: 'accepted', status_url: `/task/${accepted.task_id}` });
    expect(task).toMatchObject({ status: 'completed', progress: 100 });
    const facts = await probe(output);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(facts.audio?.codec).toBe('aac');
    expect(Math.abs(facts.seconds - spoken.seconds)).toBeLessThanOrEqual(WITHIN_A_FRAME);
  });

  it('names its endpoint /captions/auto in the 202 and the task view', async () => {
    const { accepted, task } = await jobs.captions;
    expect(accepted.endpoint).toBe('/captions/auto');
    expect(task.endpoint).toBe('/captions/auto');
  });

  it('stores the .ass as an attachment of the task, reachable through GET /file', async () => {
    const { accepted, output } = await jobs.captions;
    // The task view does not name attachments: their storage path is read from the task's record.
    const record = await jobRecords.get(accepted.task_id);
    const [attachment] = record?.output?.attachments ?? [];
    expect(attachment).toMatchObject({ mediaType: 'text/x-ssa', fileName: expect.stringMatching(/\.ass$/) });
    const redirect = await fileAt(attachment?.key ?? '');
    expect(redirect.status).toBe(302);
    const ass = await (await fetch(redirect.headers.get('location') ?? '')).text();
    expect(ass).toContain('[Script Info]');
    expect(ass).toContain('PlayResX: 320\nPlayResY: 240');

    // In a caption's time, the bottom band differs from the input; the top half does not (beyond encoding noise).
    const at = firstCaptionMiddle(ass);
    const input = join(work, 'spoken.mp4');
    expect(await bandPsnr(input, output, at, 0, 0.5)).toBeGreaterThan(30);
    expect(await bandPsnr(input, output, at, 0.75, 1)).toBeLessThan(22);
  });

  it('the task view names the .ass attachment and its path for GET /file', async () => {
    const { accepted } = await jobs.captions;
    const task = (await (await client.request(`/task/${accepted.task_id}`)).json()) as { output: { attachments?: { file_name: string; path: string }[] } };
    const [attachment] = task.output.attachments ?? [];
    expect(attachment?.file_name).toMatch(/\.ass$/);
    expect((await fileAt(attachment?.path ?? '')).status).toBe(302);
  });
});

describe('GET /file', () => {
  it('answers 302 for an output path of your own and 404 for any other path under your prefix', async () => {
    const { accepted, storagePath, output } = await jobs.captions;
    const main = await fileAt(storagePath);
    expect(main.status).toBe(302);
    const bytes = Buffer.from(await (await fetch(main.headers.get('location') ?? '')).arrayBuffer());
    expect(bytes.equals(readFileSync(output))).toBe(true);

    const userId = storagePath.split('/')[1] ?? '';
    const notOutputs = [
      `${dirname(storagePath)}/not-an-output.mp4`,
      `outputs/${userId}/00000000-0000-4000-8000-000000000000/captions.mp4`,
      `inputs/${userId}/${accepted.task_id}/spoken.mp4`,
    ];
    for (const path of notOutputs) {
      const missing = await fileAt(path);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'not_found', param: 'path' });
    }
  });
});
