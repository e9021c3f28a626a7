/** Audio for the recogniser: the first audio stream as 16 kHz mono 16-bit WAV. */
export function extractSpeechArgs(input: string, wavOut: string): string[] {
  return ['-i', input, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wavOut];
}

/**
 * Escapes a path for a filter option value: backslash, colon and quote are
 * special at the option level, and the result is escaped again for the
 * filtergraph level (where `,;[]` and quotes are special).
 */
export function escapeFilterPath(path: string): string {
  const option = path.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** Audio codecs an MP4 can carry as they are. */
const MP4_AUDIO = ['aac', 'mp3', 'alac', 'ac3', 'eac3', 'opus', 'flac'];

/** Burns the captions in with libass, fonts only from our folder; the video is re-encoded, the audio copied when MP4 can hold it. */
export function burnArgs(input: string, assPath: string, fontsDir: string, output: string, size: { width: number; height: number }, audioCodec?: string | null): string[] {
  const filter = [
    `ass=filename=${escapeFilterPath(assPath)}:fontsdir=${escapeFilterPath(fontsDir)}:original_size=${size.width}x${size.height}`,
    // 4:2:0 needs even sides: an odd-sized input loses its last row or column instead of failing.
    ...(size.width % 2 || size.height % 2 ? ['scale=trunc(iw/2)*2:trunc(ih/2)*2'] : []),
  ].join(',');
  return [
    '-i', input,
    '-map', '0:v:0', '-map', '0:a:0',
    '-vf', filter,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p',
    ...(MP4_AUDIO.includes(audioCodec ?? '') ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k']),
    '-movflags', '+faststart',
    output,
  ];
}
