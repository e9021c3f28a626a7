import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEY_PLACEHOLDER } from './example-request';
import { multipartUploadExamples } from './multipart-upload';

const BASE = 'https://api.example.test';
// A key with a quote: each language must still read it back as written.
const KEY = "ff_AbCd'Ef\"Gh$1";
const examples = multipartUploadExamples(BASE, KEY);
const work = mkdtempSync(join(tmpdir(), 'multipart-examples-'));
const hasPython = spawnSync('python3', ['--version']).status === 0;

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Writes one example and hands it to a checker, which throws (with its message) on bad syntax. */
function check(name: string, code: string, command: string, args: (path: string) => string[]): void {
  const path = join(work, name);
  writeFileSync(path, code);
  execFileSync(command, args(path), { stdio: 'pipe' });
}

/** Runs a snippet in the example's own language that prints the base URL and key as the program holds them. */
function valuesAsRead(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8' });
}

/** The lines that set API and KEY, and a line in the same language printing them. */
const headOf = (code: string, assignment: RegExp, print: string): string => [...code.split('\n').filter((line) => assignment.test(line)), print].join('\n');
const pythonIt = hasPython ? it : it.skip;

describe('the multipart upload examples', () => {
  it('are valid bash, holding the base URL and key exactly', () => {
    check('upload.sh', examples.curl, 'bash', (path) => ['-n', path]);
    expect(valuesAsRead('bash', ['-c', headOf(examples.curl, /^(API|KEY)=/, `printf '%s %s' "$API" "$KEY"`)])).toBe(`${BASE} ${KEY}`);
  });

  it('are valid JavaScript, holding the base URL and key exactly', () => {
    check('upload.mjs', examples.javascript, process.execPath, (path) => ['--check', path]);
    expect(valuesAsRead(process.execPath, ['-e', headOf(examples.javascript, /^const (API|KEY) =/, "process.stdout.write(API + ' ' + KEY)")])).toBe(`${BASE} ${KEY}`);
  });

  pythonIt(`are valid Python, holding the base URL and key exactly${hasPython ? '' : ' (skipped: no python3 here)'}`, () => {
    check('upload.py', examples.python, 'python3', (path) => ['-m', 'py_compile', path]);
    expect(valuesAsRead('python3', ['-c', headOf(examples.python, /^(API|KEY) =/, 'print(API, KEY, end="")')])).toBe(`${BASE} ${KEY}`);
  });

  it('carry the placeholder until a key is picked', () => {
    const placeholder = multipartUploadExamples(BASE, API_KEY_PLACEHOLDER);
    for (const code of Object.values(placeholder)) expect(code).toContain(API_KEY_PLACEHOLDER);
  });

  it('each do the whole flow: create in parts with the size, resume from the listing, complete, use the file_id', () => {
    for (const code of Object.values(examples)) {
      expect(code).toMatch(/upload_type["']?: ["']multipart["']/);
      expect(code).toContain('/uploads');
      expect(code).toMatch(/part_numbers=.*-/);
      expect(code).toContain('part_urls');
      expect(code).toContain('/complete');
      expect(code).toContain('/cut');
      expect(code.split('\n').length).toBeLessThanOrEqual(50);
    }
  });

  it('read one part of the file at a time, never the whole file', () => {
    expect(examples.curl).toMatch(/dd if="\$FILE" of="\$PART" bs="\$PART_SIZE" skip=\$\(\(N - 1\)\) count=1/);
    expect(examples.javascript).toContain('file.read(Buffer.alloc(length), 0, length, start)');
    expect(examples.python).toContain('file.seek((n - 1) * part_size)');
    expect(examples.python).toContain('file.read(part_size)');
  });
});
