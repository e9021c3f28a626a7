import { brokenMediaSuite, flipped, lyingServers, randomBytes, uploadBroken } from './support/broken-media';

/**
 * POST /probe fed hostile media: the main campaign walks the operation with
 * malformed fields and ids nobody has; this sends real files broken on
 * purpose (truncated, bit-flipped, cut to their index, random bytes) as
 * uploads, and URLs served by lying servers (sizes that do not match, short
 * ranges, broken Content-Range, redirects inward, no Range support on a
 * large file). MediaInfoLib reads them in WebAssembly: every answer must be
 * a documented refusal or a reading, never a 5xx.
 */

const ACCEPTABLE = [200, 400, 409, 422];
const media = brokenMediaSuite('probe-media');

async function probe(body: unknown): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const answer = await fetch(`${media.api}/probe`, { method: 'POST', headers: { 'X-API-Key': media.key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, body: (await answer.json()) as { error?: { code: string; message: string } } };
}

describe('POST /probe on hostile media', () => {
  it('answers broken uploads with a reading or a documented refusal, never a 5xx', async () => {
    const { clip, wav, random } = media;
    const broken: [string, Buffer][] = [
      ['empty', Buffer.alloc(0)],
      ['one byte', Buffer.from([0])],
      ['first kilobyte', clip.subarray(0, 1024)],
      ['first tenth', clip.subarray(0, Math.floor(clip.length / 10))],
      ['last tenth', clip.subarray(Math.floor(clip.length * 0.9))],
      ['wav header only', wav.subarray(0, 44)],
      ['random bytes', randomBytes(random, 64 * 1024)],
      ...Array.from({ length: 8 }, (_, i): [string, Buffer] => [`bit flips ${i}`, flipped(random, clip, 1 + i * 20)]),
      ...Array.from({ length: 4 }, (_, i): [string, Buffer] => [`wav flips ${i}`, flipped(random, wav, 1 + i * 10)]),
    ];
    const answers = await Promise.all(
      broken.map(async ([name, bytes]) => {
        const answer = await probe({ file_id: await uploadBroken(media, bytes) });
        return [name, answer.status, answer.status === 422 ? answer.body.error?.code : undefined] as const;
      }),
    );
    for (const [name, status, code] of answers) {
      expect([name, ACCEPTABLE.includes(status)]).toEqual([name, true]);
      if (status === 422) expect([name, code]).toEqual([name, 'invalid_media']);
    }
    expect(answers.find(([name]) => name === 'random bytes')?.[1]).toBe(422);
  }, 120_000);

  it('answers lying servers with a reading or a 400 naming url, never a 5xx', async () => {
    const servers = lyingServers(media);
    const answers = [];
    for (const [name, serve] of Object.entries(servers)) {
      const path = `/hostile/${encodeURIComponent(name)}.mp4`;
      media.fixture.route(path, serve);
      const answer = await probe({ url: `${media.fixture.origin}${path}` });
      answers.push([name, answer.status] as const);
    }
    for (const [name, status] of answers) expect([name, ACCEPTABLE.includes(status)]).toEqual([name, true]);
    expect(answers.filter(([name]) => ['inward redirect', 'no range, large', 'server error', 'broken content-range'].includes(name))).toEqual([
      ['broken content-range', 400],
      ['inward redirect', 400],
      ['no range, large', 400],
      ['server error', 400],
    ]);
  }, 120_000);
});
