import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The transition names listed in `ffmpeg -h filter=xfade` (its `transition` option's constants). */
export function parseXfadeTransitions(help: string): Set<string> {
  const names = new Set<string>();
  let inTransition = false;
  for (const line of help.split('\n')) {
    if (/^\s+transition\s+</.test(line)) {
      inTransition = true;
      continue;
    }
    if (!inTransition) continue;
    const constant = /^\s{4,}([a-z0-9]+)\s+-?\d+\s+\S*V/.exec(line);
    if (!constant) break;
    if (constant[1] !== 'custom') names.add(constant[1] ?? '');
  }
  return names;
}

let known: Promise<Set<string>> | undefined;

/**
 * The transitions the installed FFmpeg draws natively, asked once per
 * process: a newer FFmpeg then uses its own wind/cover/reveal instead of our
 * emulation. A failed ask is not cached, so the next job tries again.
 */
export function nativeTransitions(): Promise<Set<string>> {
  known ??= exec('ffmpeg', ['-hide_banner', '-h', 'filter=xfade'], { timeout: 10_000, maxBuffer: 1024 * 1024 })
    .then(({ stdout }) => parseXfadeTransitions(stdout))
    .catch((error: unknown) => {
      known = undefined;
      throw error;
    });
  return known;
}
