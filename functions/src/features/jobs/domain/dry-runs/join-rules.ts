import type { InputShape } from './input-shapes';

/** How joins add up, as the worker joins: one after another, or overlapping by each transition. */

/** Containers a stream copy keeps, by what the headers say the file is. */
const COPY_CONTAINERS = ['mp4', 'mov', 'matroska', 'webm', 'mp3'];

const same = (a: number | null, b: number | null, tolerance = 0) => (a === null && b === null) || (a !== null && b !== null && Math.abs(a - b) <= tolerance);

/**
 * Whether `merge` can join the clips as they are: one container, and the
 * same codecs and shape in each. The worker decides on ffprobe's fuller
 * view and falls back to a re-encode, so this is the plan, not a promise.
 */
export function joinsByCopy(clips: readonly InputShape[]): boolean {
  const [lead] = clips;
  if (!lead || !COPY_CONTAINERS.includes(lead.container)) return false;
  return clips.every(
    (clip) =>
      clip.container === lead.container &&
      clip.hasVideo === lead.hasVideo &&
      clip.hasAudio === lead.hasAudio &&
      clip.videoCodec === lead.videoCodec &&
      same(clip.width, lead.width) &&
      same(clip.height, lead.height) &&
      same(clip.fps, lead.fps, 1e-3) &&
      clip.audioCodec === lead.audioCodec &&
      same(clip.sampleRate, lead.sampleRate) &&
      same(clip.channels, lead.channels),
  );
}

/** `merge`: the clips one after another. */
export const mergeLength = (clips: readonly InputShape[]): number => clips.reduce((sum, clip) => sum + clip.seconds, 0);

/**
 * `merge_urls`: with a transition of `fade` seconds, each join overlaps the
 * two clips by the transition, never longer than the shorter of the two.
 */
export function mergeUrlsLength(clips: readonly InputShape[], fade: number | undefined): number {
  const lengths = clips.map((clip) => clip.seconds);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (fade === undefined) return total;
  const overlaps = lengths.slice(1).map((length, i) => Math.min(fade, length, lengths[i] ?? length));
  return total - overlaps.reduce((sum, overlap) => sum + overlap, 0);
}
