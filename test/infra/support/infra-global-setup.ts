import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAILED_FILE, LOG_FILE, SYNTHESIS_DIR_VARIABLE } from './shared-synthesis-files';

declare global {
  var frameforgeInfraSynthesis: { dir: string; child: ChildProcess } | undefined;
}

/**
 * Starts synthesizing the default app in a process of its own and returns at
 * once: the test workers load their modules, and run the files that need no
 * synthesis, meanwhile. Each file reading the default app used to synthesize
 * it again (20-45 s apiece); now they wait for this one (`shared-synthesis.ts`).
 */
export default function globalSetup(_globalConfig: unknown, projectConfig: { rootDir: string }): void {
  const dir = mkdtempSync(join(tmpdir(), 'frameforge-infra-'));
  const log = openSync(join(dir, LOG_FILE), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'synthesize-default.ts'), dir], {
    cwd: projectConfig.rootDir,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const fail = (why: string) => writeFileSync(join(dir, FAILED_FILE), `${why}\n${readFileSync(join(dir, LOG_FILE), 'utf8')}`);
  child.on('error', (error) => fail(`could not start: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (code !== 0) fail(`exited with ${code ?? signal}`);
  });
  process.env[SYNTHESIS_DIR_VARIABLE] = dir;
  globalThis.frameforgeInfraSynthesis = { dir, child };
}
