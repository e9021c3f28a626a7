/** Containers we accept and write, with their media types. */
const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
};

/** The extension of a user-supplied file name, if it is one we know; never the name itself. */
export function knownExtension(fileName: string | undefined): string | undefined {
  const ext = fileName?.split('.').pop()?.toLowerCase();
  return ext && ext in MEDIA_TYPES ? ext : undefined;
}

export function mediaTypeOf(extension: string): string {
  return MEDIA_TYPES[extension] ?? 'application/octet-stream';
}
