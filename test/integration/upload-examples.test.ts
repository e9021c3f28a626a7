import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipartUploadExamples, type MultipartUploadExamples } from '@frameforge/frontend/api-docs/examples/multipart-upload';
import { DEFAULT_PART_BYTES } from '@frameforge/functions/features/uploads/contracts/upload-limits';
import { testEndpoints } from '../support/endpoints';
import { signedUpUserWithKey } from '../support/product-user';
import { ffmpeg, ProductClient, started } from './product-endpoints-support';
import { runProgram, startPartDroppingGateway, storedUploadDigest, type PartDroppingGateway, type ProgramRun } from './upload-examples-support';

/**
 * The Large files guide's examples, exactly as the docs page writes them,
 * run with bash, node and python3 against the stack: each uploads a file of
 * two parts (the first PUT of part 2 loses its connection), completes the
 * upload, byte for byte, and has the file accepted by POST /cut.
 */

const endpoints = testEndpoints();
const work = mkdtempSync(join(tmpdir(), 'frameforge-upload-examples-'));
const source = join(work, 'clip.mp4');
const has = (command: string) => spawnSync(command, ['--version']).status === 0;

interface Language {
  name: string;
  file: string;
  command: string;
  code: (examples: MultipartUploadExamples) => string;
  /** Why it cannot run here, if it cannot. */
  missing?: string;
}

const LANGUAGES: Language[] = [
  { name: 'curl (bash)', file: 'upload.sh', command: 'bash', code: (e) => e.curl, ...(has('jq') ? {} : { missing: 'no jq' }) },
  { name: 'JavaScript (node)', file: 'upload.mjs', command: process.execPath, code: (e) => e.javascript },
  { name: 'Python (python3)', file: 'upload.py', command: 'python3', code: (e) => e.python, ...(has('python3') ? {} : { missing: 'no python3' }) },
];

let client: ProductClient;
let gateway: PartDroppingGateway;
let size: number;
let digest: string;
const runs = new Map<string, Promise<ProgramRun>>();

jest.setTimeout(90_000);

beforeAll(async () => {
  const [key] = await Promise.all([
    signedUpUserWithKey(endpoints, 'elite'),
    // Lossless noise on a small picture: about 20 MiB (a 16 MiB part and a short last one), quick to make and to cut.
    ffmpeg([
      '-v', 'error',
      '-f', 'lavfi', '-i', 'testsrc2=duration=22:size=160x120:rate=25,noise=alls=60:allf=t',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=22',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
    ]),
  ]);
  size = statSync(source).size;
  digest = createHash('sha256').update(readFileSync(source)).digest('hex');
  client = new ProductClient(endpoints.productApi, key, work);
  gateway = await startPartDroppingGateway(endpoints.productApi);
  const examples = multipartUploadExamples(gateway.url, key);
  for (const language of LANGUAGES.filter((l) => !l.missing)) {
    const program = join(work, language.file);
    writeFileSync(program, language.code(examples));
    runs.set(language.name, started(runProgram(language.command, [program, source], work, 75_000)));
  }
});

afterAll(async () => {
  await gateway?.close();
  rmSync(work, { recursive: true, force: true });
});

const json = async <T>(response: Response): Promise<T> => {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

describe('the Large files examples of the docs page', () => {
  for (const language of LANGUAGES) {
    const test = language.missing ? it.skip : it;
    test(`${language.name}: uploads in two parts, resends the dropped part from the listing, completes, and the file is accepted${language.missing ? ` (skipped: ${language.missing})` : ''}`, async () => {
      expect(size).toBeGreaterThan(DEFAULT_PART_BYTES);
      expect(size).toBeLessThan(2 * DEFAULT_PART_BYTES);
      const run = await runs.get(language.name);
      if (!run || run.code !== 0) throw new Error(`${language.name} exited ${run?.code}:\n${run?.stderr}\n${run?.stdout}`);
      expect(run.stderr).toMatch(/part 2 failed/);

      const fileId = /upl_[A-Za-z0-9]{24}/.exec(run.stdout)?.[0];
      if (!fileId) throw new Error(`no file_id in the output:\n${run.stdout}`);
      const upload = await json<{ status: string; size: number; upload_type: string; part_size: number; part_count: number }>(await client.request(`/uploads/${fileId}`));
      expect(upload).toMatchObject({ status: 'completed', size, upload_type: 'multipart', part_size: DEFAULT_PART_BYTES, part_count: 2 });

      expect(await storedUploadDigest(fileId)).toBe(digest);

      // The example's last request, POST /cut with the file_id, was accepted (any other answer ends the program in error).
      expect(run.stdout).toMatch(/status['"]?: ?['"]accepted['"]/);
      expect(run.stdout).toMatch(/\/task\/[0-9a-f-]{36}/);
    });
  }

  it('dropped one part of each upload once', () => {
    expect(gateway.dropped.size).toBe(LANGUAGES.filter((l) => !l.missing).length);
  });
});
