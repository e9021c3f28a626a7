/** ffmpeg's last meaningful lines, cut to what helps a caller fix the input. */
const TAIL_LINES = 6;

export class FfmpegFailedError extends Error {
  constructor(
    message: string,
    /** ffmpeg's last lines, for the technical part of the job error. */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'FfmpegFailedError';
  }
}

/** ffmpeg ran past the wall-clock limit its work allowed and was stopped. */
export class FfmpegTimeoutError extends FfmpegFailedError {
  constructor(readonly limitSeconds: number) {
    super(`ffmpeg ran longer than ${limitSeconds} s`, '');
    this.name = 'FfmpegTimeoutError';
  }
}

/** ffmpeg was stopped because the job was handed back (shutdown). */
export class FfmpegAbortedError extends Error {
  constructor() {
    super('ffmpeg was stopped');
    this.name = 'FfmpegAbortedError';
  }
}

/** The tail of ffmpeg's stderr, without banners, progress or empty lines. */
export function stderrTail(stderr: string, lines = TAIL_LINES): string {
  return stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line && !/^\s*(configuration:|built with|lib\w+\s+\d)/.test(line))
    .slice(-lines)
    .join('\n');
}

/**
 * Replaces our local paths with the names the caller knows (the input roles,
 * `output`), so no internal path reaches a job error. Longest paths first, so a
 * folder never eats part of a file's path; anything left under the folder becomes `<work>`.
 */
export function redactPaths(text: string, names: ReadonlyMap<string, string>, dir?: string): string {
  let out = text;
  for (const [path, name] of [...names].sort((a, b) => b[0].length - a[0].length)) out = out.split(path).join(name);
  if (dir) out = out.split(dir).join('<work>');
  // Any absolute path left (a temp folder, a module) says nothing useful to the caller.
  return out.replace(/(^|[\s'"(=])\/(?:[\w.@+-]+\/)+[\w.@+-]*/g, '$1<path>');
}
