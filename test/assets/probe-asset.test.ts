import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROCESSING_ROUTES } from '@frameforge/functions/kernel/contracts/processing-paths';
import { deployedFunctions } from './cloud-assembly';

const exec = promisify(execFile);

/**
 * The probe function's staged asset carries MediaInfoLib as an installed
 * package, its .wasm beside its code (nothing is fetched at run time). Its
 * sample event is refused before the reader loads, so this loads the
 * package from the asset itself, in a fresh Node process, and reads a file.
 */
const probe = deployedFunctions().find((fn) => fn.spec.handler === 'product/probe');
let dir = '';

const script = `
const path = require.resolve('mediainfo.js', { paths: [process.cwd()] });
if (!path.startsWith(process.cwd())) throw new Error('mediainfo.js came from outside the asset: ' + path);
const { readFileSync } = require('node:fs');
require(path).mediaInfoFactory({ format: 'object' }).then(async (mediainfo) => {
  const bytes = readFileSync(process.argv[1]);
  const result = await mediainfo.analyzeData(bytes.length, (size, offset) => bytes.subarray(offset, offset + size));
  console.log(JSON.stringify(result.media.track.map((track) => [track['@type'], track.Format, track.SamplingRate])));
  mediainfo.close();
});
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'probe-asset-'));
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1:sample_rate=48000', '-c:a', 'pcm_s16le', join(dir, 'tone.wav')]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the probe function in cdk.out', () => {
  it('is staged with mediainfo.js installed, and the .wasm it ships reads media', async () => {
    if (!probe) throw new Error('no product/probe function in cdk.out');
    expect(probe.spec.nativeModules).toEqual(['mediainfo.js']);
    const { stdout } = await exec(process.execPath, ['-e', script, join(dir, 'tone.wav')], { cwd: probe.assetDir, env: { PATH: process.env.PATH ?? '' } });
    expect(JSON.parse(stdout)).toEqual([
      ['General', 'Wave', null],
      ['Audio', 'PCM', 48000],
    ]);
  });

  it('is not alone: every processing endpoint carries the same package, which its dry runs read inputs with', () => {
    const staged = deployedFunctions().filter((fn) => PROCESSING_ROUTES.some((route) => route.handler === fn.spec.handler));
    expect(staged.map((fn) => fn.spec.handler).sort()).toEqual(PROCESSING_ROUTES.map((route) => route.handler).sort());
    for (const fn of staged) expect([fn.spec.handler, fn.spec.nativeModules]).toEqual([fn.spec.handler, ['mediainfo.js']]);
  });
});
