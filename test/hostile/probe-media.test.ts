import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureReply, type FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { makeTestVideo } from '../support/media';
import { signedUpUserWithKey } from '../support/product-user';
import { SeededRandom } from './support/seeded-random';

/**
 * POST /probe fed hostile media: the main campaign walks the operation with
 * malformed fields and ids nobody has; this sends real files broken on
 * purpose (truncated, bit-flipped, cut to their index, random bytes) as
 * uploads, and URLs served by lying servers (sizes that do not match, short
 * ranges, broken Content-Range, redirects inward, no Range support on a
 * large file). MediaInfoLib reads them in WebAssembly: every answer must be
 * a documented refusal or a reading, never a 5xx.
 */

const exec = promisify(execFile);
const endpoints = testEndpoints();
const api = endpoints.productApi;
const random = new SeededRandom(Number(process.env.HOSTILE_SEED ?? 25_2026));
const ACCEPTABLE = [200, 400, 409, 422];
let key = '';
let work = '';
let clip: Buffer;
let wav: Buffer;
let fixture: FixtureServer;

async function probe(body: unknown): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const answer = await fetch(`${api}/probe`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, body: (await answer.json()) as { error?: { code: string; message: string } } };
}

async function upload(bytes: Buffer): Promise<string> {
  const created = await fetch(`${api}/uploads`, { method: 'POST', headers: { 'X-API-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ file_name: 'broken.mp4' }) });
  const { file_id, upload_url } = (await created.json()) as { file_id: string; upload_url: string };
  if (bytes.length > 0) await fetch(upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  return file_id;
}

function flipped(bytes: Buffer, flips: number): Buffer {
  const copy = Buffer.from(bytes);
  for (let i = 0; i < flips; i++) copy[random.int(0, copy.length - 1)] = random.int(0, 255);
  return copy;
}

const randomBytes = (length: number) => Buffer.from(Array.from({ length }, () => random.int(0, 255)));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'probe-media-'));
  await Promise.all([
    makeTestVideo(join(work, 'clip.mp4'), 2),
    exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'pcm_s16le', join(work, 'tone.wav')]),
  ]);
  clip = readFileSync(join(work, 'clip.mp4'));
  wav = readFileSync(join(work, 'tone.wav'));
  key = await signedUpUserWithKey(endpoints);
  fixture = await startFixtureServer();
}, 120_000);
afterAll(async () => {
  await fixture?.close();
  await rm(work, { recursive: true, force: true });
});

describe('POST /probe on hostile media', () => {
  it('answers broken uploads with a reading or a documented refusal, never a 5xx', async () => {
    const broken: [string, Buffer][] = [
      ['empty', Buffer.alloc(0)],
      ['one byte', Buffer.from([0])],
      ['first kilobyte', clip.subarray(0, 1024)],
      ['first tenth', clip.subarray(0, Math.floor(clip.length / 10))],
      ['last tenth', clip.subarray(Math.floor(clip.length * 0.9))],
      ['wav header only', wav.subarray(0, 44)],
      ['random bytes', randomBytes(64 * 1024)],
      ...Array.from({ length: 8 }, (_, i): [string, Buffer] => [`bit flips ${i}`, flipped(clip, 1 + i * 20)]),
      ...Array.from({ length: 4 }, (_, i): [string, Buffer] => [`wav flips ${i}`, flipped(wav, 1 + i * 10)]),
    ];
    const answers = await Promise.all(
      broken.map(async ([name, bytes]) => {
        const answer = await probe({ file_id: await upload(bytes) });
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
    const range = (request: RecordedRequest) => /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? '')) ?? ['', '0', '0'];
    const servers: Record<string, (request: RecordedRequest) => FixtureReply> = {
      // Says the file is far larger than it is: reads past its end find nothing.
      'inflated size': (request) => {
        const [, start = '0', end = '0'] = range(request);
        return { status: 206, headers: { 'Content-Range': `bytes ${start}-${end}/${1024 ** 4}` }, body: clip.subarray(Number(start), Number(end) + 1) };
      },
      'short ranges': (request) => {
        const [, start = '0'] = range(request);
        return { status: 206, headers: { 'Content-Range': `bytes ${start}-${Number(start) + 9}/${clip.length}` }, body: clip.subarray(Number(start), Number(start) + 10) };
      },
      'broken content-range': () => ({ status: 206, headers: { 'Content-Range': 'bytes banana' }, body: clip.subarray(0, 100) }),
      'random bytes': (request) => {
        const [, start = '0', end = '0'] = range(request);
        return { status: 206, headers: { 'Content-Range': `bytes ${start}-${end}/${10_000_000}` }, body: randomBytes(Math.min(Number(end) - Number(start) + 1, 64 * 1024)) };
      },
      'inward redirect': () => ({ status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } }),
      'no range, large': () => ({ status: 200, headers: { 'Content-Type': 'video/mp4' }, body: Buffer.concat(Array.from({ length: Math.ceil((9 * 1024 ** 2) / clip.length) }, () => clip)) }),
      'no range, no length': () => ({ status: 200, body: clip.subarray(0, 500) }),
      'unsatisfiable': () => ({ status: 416, headers: { 'Content-Range': 'bytes */0' } }),
      'server error': () => ({ status: 503, body: 'busy' }),
    };
    const answers = [];
    for (const [name, serve] of Object.entries(servers)) {
      const path = `/hostile/${encodeURIComponent(name)}.mp4`;
      fixture.route(path, serve);
      const answer = await probe({ url: `${fixture.origin}${path}` });
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
