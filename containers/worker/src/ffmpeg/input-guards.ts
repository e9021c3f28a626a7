/**
 * Demuxers a user's file may be read with. Anything else (HLS/DASH playlists,
 * concat lists, SDP, subtitles, image sequences...) can make ffmpeg open other
 * files or sockets, so it is refused whatever the file is named.
 */
export const MEDIA_FORMATS = ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'mp3', 'wav', 'ogg', 'flac', 'aac'] as const;
/** Demuxers for a single still image, where an operation expects one. */
export const IMAGE_FORMATS = ['image2', 'jpeg_pipe', 'png_pipe'] as const;

export const PROTOCOL_WHITELIST = 'file,pipe';

/**
 * The URLs we signed for stored inputs that ffmpeg reads straight from
 * storage as it goes (see the worker's streamed inputs). Only these are
 * opened over the network: a caller's URL input is downloaded by the safe
 * fetcher and read as a file, and any other URL stays refused.
 */
const storageUrls = new Set<string>();
export const storageReads = {
  allow: (url: string): void => void storageUrls.add(url),
  /** The job ended: its URLs are opened no more. */
  forget: (urls: readonly string[]): void => urls.forEach((url) => storageUrls.delete(url)),
};
/** What reading storage needs (HTTPS on AWS, HTTP to the local emulator), and nothing else. */
const STORAGE_PROTOCOLS = 'http,https,tcp,tls';
/** A dropped connection is taken up again where it stopped; one silent for 30 s fails the read. */
const STORAGE_READ_OPTIONS = ['-reconnect', '1', '-reconnect_on_network_error', '1', '-reconnect_delay_max', '5', '-rw_timeout', '30000000'];

/** The protocol options an input is opened with: files and pipes, or our storage's URLs. */
export function protocolOptions(input: string): string[] {
  return storageUrls.has(input) ? ['-protocol_whitelist', STORAGE_PROTOCOLS, ...STORAGE_READ_OPTIONS] : ['-protocol_whitelist', PROTOCOL_WHITELIST];
}
export const MEDIA_WHITELIST = MEDIA_FORMATS.join(',');
export const IMAGE_WHITELIST = IMAGE_FORMATS.join(',');

/** Whether one of ffprobe's `format_name` parts (e.g. `mov,mp4,m4a,...`) is a demuxer we accept. */
export function isAcceptedFormat(formatName: string, accepted: readonly string[] = MEDIA_FORMATS): boolean {
  return formatName.split(',').some((name) => accepted.includes(name));
}

/**
 * Input options for a file of ours that needs a given demuxer (e.g. our own
 * `concat` list for a stream copy). Files the list names are still held to
 * the media whitelist, as the concat demuxer hands its whitelist down.
 */
export function trustedInput(path: string, format: 'concat' | 'lavfi', extra: readonly string[] = []): string[] {
  const whitelist = format === 'concat' ? `concat,${MEDIA_WHITELIST}` : format;
  return ['-f', format, '-format_whitelist', whitelist, ...extra, '-i', path];
}

/** Input options for a user's still image. */
export function imageInput(path: string, extra: readonly string[] = []): string[] {
  return ['-format_whitelist', IMAGE_WHITELIST, ...extra, '-i', path];
}

/**
 * Gives every input its whitelists. ffmpeg's format options hold for the next
 * `-i` only, so they go before each one. An input whose caller chose a
 * whitelist keeps it; one with a forced format (`-f lavfi`) gets that format;
 * any other input gets the media whitelist.
 */
export function guardInputs(args: readonly string[]): string[] {
  const out: string[] = [];
  let groupStart = 0;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '-i' && i + 1 < args.length) {
      const group = args.slice(groupStart, i);
      const forced = valueOf(group, '-f');
      const hasWhitelist = valueOf(group, '-format_whitelist') !== undefined;
      out.push(...group, ...protocolOptions(args[i + 1] ?? ''));
      // A forced format other than lavfi (e.g. `-f mp4`) still only reads what the demuxer reads.
      if (!hasWhitelist) out.push('-format_whitelist', forced === undefined ? MEDIA_WHITELIST : forced === 'concat' ? `concat,${MEDIA_WHITELIST}` : forced);
      out.push('-i', args[i + 1] ?? '');
      i += 1;
      groupStart = i + 1;
    }
  }
  out.push(...args.slice(groupStart));
  return out;
}

function valueOf(group: readonly string[], option: string): string | undefined {
  const at = group.lastIndexOf(option);
  return at >= 0 ? group[at + 1] : undefined;
}
