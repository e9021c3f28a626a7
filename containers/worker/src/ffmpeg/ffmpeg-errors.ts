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

/**
 * ffmpeg was killed from outside (SIGKILL, or exit 137 through a wrapper)
 * while we had not stopped it: the kernel's out-of-memory killer, most
 * likely. Not the input's fault, so not an FfmpegFailedError.
 */
export class FfmpegKilledError extends Error {
  constructor(readonly how: string) {
    super(`ffmpeg was killed (${how}) without being stopped by the worker`);
    this.name = 'FfmpegKilledError';
  }
}

/** ffmpeg could not write its output: the disk is full. Not the input's fault, so not an FfmpegFailedError. */
export class FfmpegNoSpaceError extends Error {
  constructor(readonly detail: string) {
    super('ffmpeg ran out of disk space');
    this.name = 'FfmpegNoSpaceError';
  }
}

/** ffmpeg's words when reading over HTTP failed: storage's answer, or the connection to it. */
const STORAGE_READ_FAILURE = /Server returned (?:4XX|5XX|\d{3})|HTTP error \d{3}|Connection refused|Connection timed out|Connection reset by peer|Input\/output error|error=Connection/;

/**
 * Whether ffmpeg said reading an input over HTTP failed. Only our storage is
 * read that way; as for a full disk, the input's own metadata lines do not count.
 */
export function reportsStorageReadFailure(stderr: string): boolean {
  return stderr.split('\n').some((line) => STORAGE_READ_FAILURE.test(line) && !/^\s+[\w.-]+\s*:\s/.test(line));
}

/**
 * Whether ffmpeg said a write failed for want of disk (ENOSPC). Its metadata
 * lines (`    title : …`) repeat the input's own text and do not count, so an
 * input cannot pass its failure off as ours.
 */
export function reportsNoSpace(stderr: string): boolean {
  return stderr.split('\n').some((line) => /No space left on device\s*$/.test(line) && !/^\s+[\w.-]+\s*:\s/.test(line));
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
