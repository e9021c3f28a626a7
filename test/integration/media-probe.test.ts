import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testEndpoints } from '../support/endpoints';
import { startFixtureServer, type FixtureReply, type FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { makeTestVideo } from '../support/media';
import { cutForm, signedUpUserWithKey, waitForTask } from '../support/product-user';

const exec = promisify(execFile);
const endpoints = testEndpoints();
const api = endpoints.productApi;

interface Stream {
  index: number;
  type: string;
  codec: string;
  width: number | null;
  height: number | null;
  frame_rate: number | null;
  sample_rate: number | null;
  channels: number | null;
}
interface Answer {
  status: number;
  headers: Headers;
  body: { object?: string; duration?: number; container?: string; size?: number; streams?: Stream[]; error?: { code: string; param: string | null; message: string; hint: string | null } };
}

let key = '';
let basicKey = '';
let otherKey = '';
let fixture: FixtureServer;
let dir = '';
let clip: Buffer;
let uploadId = '';

async function probe(body: unknown, apiKey = key): Promise<Answer> {
  const answer = await fetch(`${api}/probe`, { method: 'POST', headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as Answer['body'] };
}

async function upload(bytes: Buffer, fileName: string): Promise<string> {
  const created = await fetch(`${api}/uploads`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_name: fileName, size: bytes.length }),
  });
  expect(created.status).toBe(201);
  const { file_id, upload_url } = (await created.json()) as { file_id: string; upload_url: string };
  const put = await fetch(upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return file_id;
}

/** What ffprobe says of a file, in the API's shape, to hold the answers against. */
async function ffprobeStreams(path: string): Promise<{ duration: number; streams: Partial<Stream>[] }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path]);
  const found = JSON.parse(stdout) as { format: { duration: string }; streams: Record<string, string | number | undefined>[] };
  const rate = (text: unknown) => String(text).split('/').map(Number).reduce((num, den) => num / den);
  return {
    duration: Number(found.format.duration),
    streams: found.streams.map((stream, index) =>
      stream.codec_type === 'video'
        ? { index, type: 'video', codec: String(stream.codec_name), width: Number(stream.width), height: Number(stream.height), frame_rate: rate(stream.r_frame_rate) }
        : { index, type: String(stream.codec_type), codec: String(stream.codec_name), sample_rate: Number(stream.sample_rate), channels: Number(stream.channels) },
    ),
  };
}

/** A web server that answers Range requests as storage and CDNs do. */
function ranged(bytes: Buffer): (request: RecordedRequest) => FixtureReply {
  return (request): FixtureReply => {
    const match = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
    if (!match) return { status: 200, headers: { 'Content-Type': 'video/mp4' }, body: bytes };
    const start = Number(match[1]);
    const end = Math.min(match[2] ? Number(match[2]) : bytes.length - 1, bytes.length - 1);
    if (start >= bytes.length) return { status: 416, headers: { 'Content-Range': `bytes */${bytes.length}` } };
    return { status: 206, headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes ${start}-${end}/${bytes.length}` }, body: bytes.subarray(start, end + 1) };
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-probe-'));
  const made = makeTestVideo(join(dir, 'clip.mp4'), 2);
  [key, basicKey, otherKey] = await Promise.all([signedUpUserWithKey(endpoints), signedUpUserWithKey(endpoints, 'basic'), signedUpUserWithKey(endpoints)]);
  await made;
  clip = readFileSync(join(dir, 'clip.mp4'));
  uploadId = await upload(clip, 'clip.mp4');
  fixture = await startFixtureServer();
}, 120_000);
afterAll(() => fixture?.close());

describe('POST /probe', () => {
  it('reads an upload as ffprobe does', async () => {
    const expected = await ffprobeStreams(join(dir, 'clip.mp4'));
    const { status, body } = await probe({ file_id: uploadId });
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'media_info', container: 'mp4', size: clip.length });
    expect(body.duration).toBeCloseTo(expected.duration, 1);
    expect(body.streams?.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    body.streams?.forEach((stream, index) => {
      const { frame_rate: rate, ...rest } = expected.streams[index] ?? {};
      expect(stream).toMatchObject(rest);
      if (typeof rate === 'number') expect(stream.frame_rate).toBeCloseTo(rate, 2);
    });
    expect(body.streams?.[0]).toMatchObject({ width: 320, height: 240, frame_rate: 25, sample_rate: null, channels: null });
  });

  it("reads a task's output by its output.file_id", async () => {
    const accepted = await fetch(`${api}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: cutForm({ file_id: uploadId, start: '0.5', duration: '1' }) });
    expect(accepted.status).toBe(202);
    const { status_url } = (await accepted.json()) as { status_url: string };
    const task = (await waitForTask(api, key, status_url, 90_000)) as { status: string; output: { file_id: string } };
    expect(task.status).toBe('completed');
    const { status, body } = await probe({ file_id: task.output.file_id });
    expect(status).toBe(200);
    expect(body.container).toBe('mp4');
    expect(body.duration).toBeGreaterThan(0.8);
    expect(body.duration).toBeLessThan(1.3);
    expect(body.streams?.map((stream) => [stream.type, stream.width, stream.height])).toEqual([
      ['video', 320, 240],
      ['audio', null, null],
    ]);
  }, 120_000);

  it('reads a URL with Range requests, never the whole file', async () => {
    // Noise does not compress: tens of megabytes, with the index at the end of the file.
    const path = join(dir, 'large.mp4');
    await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=4', '-shortest',
      '-vf', 'noise=alls=100:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'aac', path]);
    const large = readFileSync(path);
    fixture.route('/media/large.mp4', ranged(large));
    const before = fixture.requests.length;
    const { status, body } = await probe({ url: `${fixture.origin}/media/large.mp4` });
    expect(status).toBe(200);
    expect(body).toMatchObject({ container: 'mp4', size: large.length, duration: 4 });
    expect(body.streams?.map((stream) => [stream.type, stream.codec, stream.width, stream.sample_rate])).toEqual([
      ['video', 'h264', 320, null],
      ['audio', 'aac', null, 44100],
    ]);
    const asked = fixture.requests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((request) => /^bytes=\d+-\d+$/.test(String(request.headers.range)))).toBe(true);
    const sent = asked.reduce((sum, request) => {
      const [start = 0, end = 0] = String(request.headers.range).slice(6).split('-').map(Number);
      return sum + Math.min(end, large.length - 1) - start + 1;
    }, 0);
    expect(sent).toBeLessThan(large.length / 3);
  }, 60_000);

  it('reads a small file whole from a server that ignores Range', async () => {
    fixture.serve('/media/clip.mp4', clip, 'video/mp4');
    const { status, body } = await probe({ url: `${fixture.origin}/media/clip.mp4` });
    expect(status).toBe(200);
    expect(body).toMatchObject({ container: 'mp4', size: clip.length });
  });

  it('refuses a URL the address policy refuses, naming url', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:9/clip.mp4', 'http://10.0.0.8/clip.mp4']) {
      const { status, body } = await probe({ url });
      expect([url, status, body.error?.code, body.error?.param]).toEqual([url, 400, 'invalid_request', 'url']);
    }
    fixture.route('/media/gone.mp4', () => ({ status: 404, body: 'not here' }));
    const gone = await probe({ url: `${fixture.origin}/media/gone.mp4` });
    expect([gone.status, gone.body.error?.param, gone.body.error?.message]).toEqual([400, 'url', 'The URL answered with HTTP status 404.']);
  });

  it('answers a file that is no media with 422 invalid_media, a sentence and a hint', async () => {
    const notes = await upload(Buffer.from('Shopping list: milk, eggs, flour.\n'.repeat(100)), 'notes.txt');
    const { status, body } = await probe({ file_id: notes });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'invalid_media', param: 'file_id' });
    expect(body.error?.message).toMatch(/^The file is not a video or audio file we can read.*\.$/);
    expect(body.error?.hint).toContain('MP4');
  });

  it('takes exactly one of file_id and url, and names the field at fault', async () => {
    const none = await probe({});
    expect([none.status, none.body.error?.param]).toEqual([400, 'file_id']);
    const both = await probe({ file_id: uploadId, url: `${fixture.origin}/media/clip.mp4` });
    expect([both.status, both.body.error?.param]).toEqual([400, 'url']);
    const shape = await probe({ file_id: 'clip.mp4' });
    expect([shape.status, shape.body.error?.param]).toEqual([400, 'file_id']);
    const unknown = await probe({ file_id: uploadId, frames: 3 });
    expect([unknown.status, unknown.body.error?.param]).toEqual([400, 'frames']);
  });

  it("answers an unknown id and another account's file as 404, as GET /file does", async () => {
    const stranger = await probe({ file_id: uploadId }, otherKey);
    expect([stranger.status, stranger.body.error?.code]).toEqual([404, 'not_found']);
    const unknown = await probe({ file_id: 'upl_000000000000000000000000' });
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'not_found']);
    const output = await probe({ file_id: `out_${'0'.repeat(32)}` });
    expect([output.status, output.body.error?.code]).toEqual([404, 'not_found']);
  });

  it('counts as a read: a Basic key probes more often than its 3 requests a minute, its allowance untouched', async () => {
    fixture.serve('/media/basic.mp4', clip, 'video/mp4');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await probe({ url: `${fixture.origin}/media/basic.mp4` }, basicKey));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.headers.get('ratelimit')).toMatch(/"minute";r=3;t=\d+/);
  });
});
