import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testEndpoints } from '../../support/endpoints';
import { startFixtureServer, type FixtureReply, type FixtureServer, type RecordedRequest } from '../../support/fixture-server';
import { makeTestVideo } from '../../support/media';
import { signedUpUserWithKey } from '../../support/product-user';
import { SeededRandom } from './seeded-random';

const exec = promisify(execFile);

/**
 * What the suites that feed the API hostile media share: a good 2 s clip and
 * a 1 s WAV to break, a signed-up user's key, a fixture server for lying
 * URLs, and a seeded generator so a failure can be sent again byte for byte.
 */
export interface BrokenMedia {
  readonly api: string;
  readonly key: string;
  readonly clip: Buffer;
  readonly wav: Buffer;
  readonly fixture: FixtureServer;
  readonly random: SeededRandom;
}

/** Registers the suite's set-up and tear-down; the media and key are ready inside its tests. */
export function brokenMediaSuite(name: string): BrokenMedia {
  const endpoints = testEndpoints();
  const kit = {
    api: endpoints.productApi,
    key: '',
    clip: Buffer.alloc(0),
    wav: Buffer.alloc(0),
    fixture: undefined as unknown as FixtureServer,
    random: new SeededRandom(Number(process.env.HOSTILE_SEED ?? 25_2026)),
  };
  let work = '';
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), `${name}-`));
    await Promise.all([
      makeTestVideo(join(work, 'clip.mp4'), 2),
      exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'pcm_s16le', join(work, 'tone.wav')]),
    ]);
    kit.clip = readFileSync(join(work, 'clip.mp4'));
    kit.wav = readFileSync(join(work, 'tone.wav'));
    kit.key = await signedUpUserWithKey(endpoints);
    kit.fixture = await startFixtureServer();
  }, 120_000);
  afterAll(async () => {
    await (kit.fixture as FixtureServer | undefined)?.close();
    await rm(work, { recursive: true, force: true });
  });
  return kit;
}

/** An upload of `bytes` (none at all: created and never sent); its file id. */
export async function uploadBroken(media: BrokenMedia, bytes: Buffer): Promise<string> {
  const created = await fetch(`${media.api}/uploads`, {
    method: 'POST',
    headers: { 'X-API-Key': media.key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_name: 'broken.mp4' }),
  });
  const { file_id, upload_url } = (await created.json()) as { file_id: string; upload_url: string };
  if (bytes.length > 0) await fetch(upload_url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  return file_id;
}

/** A copy with `flips` random bytes overwritten. */
export function flipped(random: SeededRandom, bytes: Buffer, flips: number): Buffer {
  const copy = Buffer.from(bytes);
  for (let i = 0; i < flips; i++) copy[random.int(0, copy.length - 1)] = random.int(0, 255);
  return copy;
}

export const randomBytes = (random: SeededRandom, length: number): Buffer => Buffer.from(Array.from({ length }, () => random.int(0, 255)));

export type LyingServer = (request: RecordedRequest) => FixtureReply;

const rangeOf = (request: RecordedRequest) => /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? '')) ?? ['', '0', '0'];

/**
 * Servers that lie about the clip they serve: sizes that do not match, short
 * ranges, a broken Content-Range, random bytes, a redirect inward, no Range
 * support on a large file, and plain refusals.
 */
export function lyingServers(media: BrokenMedia) {
  const { clip, random } = media;
  return {
    // Says the file is far larger than it is: reads past its end find nothing.
    'inflated size': (request) => {
      const [, start = '0', end = '0'] = rangeOf(request);
      return { status: 206, headers: { 'Content-Range': `bytes ${start}-${end}/${1024 ** 4}` }, body: clip.subarray(Number(start), Number(end) + 1) };
    },
    'short ranges': (request) => {
      const [, start = '0'] = rangeOf(request);
      return { status: 206, headers: { 'Content-Range': `bytes ${start}-${Number(start) + 9}/${clip.length}` }, body: clip.subarray(Number(start), Number(start) + 10) };
    },
    'broken content-range': () => ({ status: 206, headers: { 'Content-Range': 'bytes banana' }, body: clip.subarray(0, 100) }),
    'random bytes': (request) => {
      const [, start = '0', end = '0'] = rangeOf(request);
      return { status: 206, headers: { 'Content-Range': `bytes ${start}-${end}/${10_000_000}` }, body: randomBytes(random, Math.min(Number(end) - Number(start) + 1, 64 * 1024)) };
    },
    'inward redirect': () => ({ status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } }),
    'no range, large': () => ({ status: 200, headers: { 'Content-Type': 'video/mp4' }, body: Buffer.concat(Array.from({ length: Math.ceil((9 * 1024 ** 2) / clip.length) }, () => clip)) }),
    'no range, no length': () => ({ status: 200, body: clip.subarray(0, 500) }),
    'unsatisfiable': () => ({ status: 416, headers: { 'Content-Range': 'bytes */0' } }),
    'server error': () => ({ status: 503, body: 'busy' }),
  } satisfies Record<string, LyingServer>;
}
