import { atempoChain } from '../../providers/atempo';

/** Seconds the speech should last: the video, less any delay the offset adds before it. */
export function fitTarget(videoSeconds: number, offsetMs: number): number {
  return videoSeconds - Math.max(0, offsetMs) / 1000;
}

/** Stretches or squeezes speech of `spokenSeconds` to `targetSeconds`, keeping its pitch. */
export function fitArgs(input: string, output: string, spokenSeconds: number, targetSeconds: number): string[] {
  const filters = atempoChain(spokenSeconds / targetSeconds);
  // atempo lands within a few milliseconds: pad and cut to the exact length.
  filters.push(`apad=whole_dur=${targetSeconds.toFixed(3)}`, `atrim=end=${targetSeconds.toFixed(3)}`);
  return ['-i', input, '-vn', '-af', filters.join(','), '-c:a', 'pcm_s16le', output];
}
