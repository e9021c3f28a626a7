import { dryRunPlanSchema } from '@frameforge/functions/features/jobs/contracts/dry-run';
import { brokenMediaSuite, flipped, lyingServers, randomBytes, uploadBroken } from './support/broken-media';

/**
 * dry_run=1 fed hostile media on every processing endpoint: real files
 * broken on purpose (truncated, bit-flipped, random bytes, sound where a
 * picture is needed) by file_id, and URLs served by lying servers. A dry run
 * reads every input's headers with MediaInfoLib and plans from what it
 * finds: each answer must be a plan that matches its schema or a documented
 * refusal, never a 5xx, and no answer may leave a task behind.
 */

const ACCEPTABLE = [200, 400, 404, 409, 422];
const media = brokenMediaSuite('dry-run-media');

interface Answer {
  status: number;
  body: unknown;
}

async function dryRun(path: string, body: Record<string, unknown>): Promise<Answer> {
  const answer = await fetch(`${media.api}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': media.key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, dry_run: 1 }),
  });
  return { status: answer.status, body: await answer.json() };
}

/** Every processing endpoint's body with `broken` in the input under test (named third) and a good clip in any other. */
function bodies(broken: string, good: string): [string, Record<string, unknown>, string][] {
  return [
    ['/frame/last', { file_id: broken, width: 64 }, 'file_id'],
    ['/cut', { file_id: broken, start: 0.5, duration: 1 }, 'file_id'],
    ['/crop', { file_id: broken, w: 100, h: 100 }, 'file_id'],
    ['/merge', { file_ids: [good, broken] }, 'file_ids'],
    ['/merge_urls', { file_ids: [broken, good], transition: 'fade', duration: 0.5 }, 'file_ids'],
    ['/redub', { video_file_id: broken, voice_file_id: good }, 'video_file_id'],
    ['/redub', { video_file_id: good, voice_file_id: broken }, 'voice_file_id'],
    ['/redub_tts', { video_file_id: broken, voice_id: 'local-kal', script: 'Hello there.' }, 'video_file_id'],
    ['/redub_vc', { video_file_id: broken, voice_id: 'local-kal' }, 'video_file_id'],
    ['/captions/auto', { video_file_id: broken }, 'video_file_id'],
  ];
}

/** A 200 is a plan as documented; anything else is one of the documented refusals. */
function judged(label: string, answer: Answer): [string, boolean] {
  if (answer.status === 200) return [label, dryRunPlanSchema.safeParse(answer.body).success];
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } }).error;
  return [label, ACCEPTABLE.includes(answer.status) && typeof error?.code === 'string' && typeof error.message === 'string'];
}

async function taskCount(): Promise<number> {
  const answer = await fetch(`${media.api}/tasks`, { headers: { 'X-API-Key': media.key } });
  return ((await answer.json()) as { data: unknown[] }).data.length;
}

describe('dry_run=1 on hostile media', () => {
  it('answers broken inputs on every processing endpoint with a plan or a documented refusal, never a 5xx, and makes no task', async () => {
    const { clip, wav, random } = media;
    const good = await uploadBroken(media, clip);
    const broken: [string, Buffer][] = [
      ['never uploaded', Buffer.alloc(0)],
      ['one byte', Buffer.from([0])],
      ['first kilobyte', clip.subarray(0, 1024)],
      ['first tenth', clip.subarray(0, Math.floor(clip.length / 10))],
      ['last tenth', clip.subarray(Math.floor(clip.length * 0.9))],
      ['random bytes', randomBytes(random, 64 * 1024)],
      ['sound only', wav],
      ...Array.from({ length: 4 }, (_, i): [string, Buffer] => [`bit flips ${i}`, flipped(random, clip, 1 + i * 25)]),
    ];
    const answers: [string, boolean][] = [];
    const statuses = new Map<string, number>();
    for (const [name, bytes] of broken) {
      const id = await uploadBroken(media, bytes);
      for (const [path, body, field] of bodies(id, good)) {
        const answer = await dryRun(path, body);
        const label = `${name} in ${path} ${field}`;
        statuses.set(label, answer.status);
        answers.push(judged(label, answer));
      }
    }
    for (const verdict of answers) expect(verdict).toEqual([verdict[0], true]);
    // Each kind of failure is told apart: an upload never sent, bytes that are no media, sound where a picture is needed.
    expect(statuses.get('never uploaded in /cut file_id')).toBe(409);
    expect(statuses.get('random bytes in /crop file_id')).toBe(422);
    expect(statuses.get('sound only in /crop file_id')).toBe(422);
    expect(statuses.get('sound only in /redub video_file_id')).toBe(422);
    // Sound is what a voice track is: planned, not refused.
    expect(statuses.get('sound only in /redub voice_file_id')).toBe(200);
    expect(await taskCount()).toBe(0);
  }, 180_000);

  it('answers URLs from lying servers with a plan or a 400/422, never a 5xx, and makes no task', async () => {
    const all = lyingServers(media);
    const servers = Object.fromEntries((['inflated size', 'short ranges', 'broken content-range', 'inward redirect', 'no range, no length', 'server error'] as const).map((name) => [name, all[name]]));
    const answers: [string, boolean][] = [];
    for (const [name, serve] of Object.entries(servers)) {
      const path = `/hostile-dry-run/${encodeURIComponent(name)}.mp4`;
      media.fixture.route(path, serve);
      const url = `${media.fixture.origin}${path}`;
      answers.push(judged(`${name} on /cut`, await dryRun('/cut', { url, start: 0.2 })));
      answers.push(judged(`${name} on /merge_urls`, await dryRun('/merge_urls', { urls: [url, url] })));
      answers.push(judged(`${name} on /redub_tts`, await dryRun('/redub_tts', { video_url: url, voice_id: 'local-kal', script: 'Hi.' })));
    }
    for (const verdict of answers) expect(verdict).toEqual([verdict[0], true]);
    expect(await taskCount()).toBe(0);
  }, 180_000);
});
