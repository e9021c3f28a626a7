import type { RedubParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';

/** Where the background under the new voice comes from, once the inputs are known. */
export type BackgroundPlan =
  | { kind: 'none' }
  /** The video's own audio, as is or with its centre channel cancelled. */
  | { kind: 'video'; centerRemove: boolean }
  /** A separate file: the `me` input or a separated background stem. */
  | { kind: 'file' };

/**
 * replace + keep is voice only: keeping the original audio would keep the
 * original speech, which is what replace removes. Every other combination
 * puts the voice over the chosen background, so replace and mix differ only
 * for keep (mix + keep lays the voice over the untouched soundtrack).
 */
export function planBackground(params: Pick<RedubParams, 'bg_source' | 'mode'>, videoHasAudio: boolean): BackgroundPlan {
  switch (params.bg_source) {
    case 'keep':
      return params.mode === 'replace' || !videoHasAudio ? { kind: 'none' } : { kind: 'video', centerRemove: false };
    case 'centerremove':
      return videoHasAudio ? { kind: 'video', centerRemove: true } : { kind: 'none' };
    case 'external':
    case 'separate':
      return { kind: 'file' };
  }
}

const STEREO = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
/** Cancels whatever is equal in both channels, i.e. centre-panned dialogue. */
const CENTER_REMOVE = 'pan=stereo|c0=c0-c1|c1=c1-c0';
const DUCK = 'sidechaincompress=threshold=0.03:ratio=8:attack=20:release=350';
const LOUDNORM = 'loudnorm=I=-16:TP=-1.5:LRA=11';
const OUT_FORMAT = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

const gain = (db: number) => (db === 0 ? [] : [`volume=${Number(db.toFixed(2))}dB`]);

/** Positive offsets delay the voice; negative ones cut its start. */
function offset(ms: number): string[] {
  if (ms > 0) return [`adelay=${ms}:all=1`];
  if (ms < 0) return [`atrim=start=${(-ms / 1000).toFixed(3)}`, 'asetpts=PTS-STARTPTS'];
  return [];
}

/**
 * The audio graph: input 0 is the video, 1 the voice, 2 a background file.
 * Ends in `[aout]`, exactly `seconds` long (padded with silence or cut).
 */
export function redubFilterGraph(params: RedubParams, background: BackgroundPlan, seconds: number): string {
  const chains = [`[1:a:0]${[STEREO, ...offset(params.offset_ms), ...gain(params.voice_gain)].join(',')}[voice]`];
  let mixed = '[voice]';
  if (background.kind !== 'none') {
    const source = background.kind === 'file' ? '[2:a:0]' : '[0:a:0]';
    const centre = background.kind === 'video' && background.centerRemove ? [CENTER_REMOVE] : [];
    chains.push(`${source}${[STEREO, ...centre, ...gain(params.bg_gain)].join(',')}[bg]`);
    let voice = '[voice]';
    let bg = '[bg]';
    if (params.duck) {
      chains.push('[voice]asplit=2[voicemix][voicekey]', `[bg][voicekey]${DUCK}[bgducked]`);
      voice = '[voicemix]';
      bg = '[bgducked]';
    }
    chains.push(`${voice}${bg}amix=inputs=2:duration=longest:normalize=0[mixed]`);
    mixed = '[mixed]';
  }
  const length = seconds.toFixed(3);
  // loudnorm works at 192 kHz internally and leaves the layout open: pin the format after it.
  const tail = [...(params.normalize ? [LOUDNORM, OUT_FORMAT] : []), `apad=whole_dur=${length}`, `atrim=end=${length}`];
  chains.push(`${mixed}${tail.join(',')}[aout]`);
  return chains.join(';');
}

export interface RedubFiles {
  video: string;
  voice: string;
  /** Required when the plan's background is a file. */
  background?: string;
  output: string;
}

/** The picture is copied untouched; only the audio is made anew. */
export function redubArgs(files: RedubFiles, params: RedubParams, background: BackgroundPlan, seconds: number): string[] {
  if (background.kind === 'file' && !files.background) throw new Error('a file background needs its file');
  return [
    '-i', files.video,
    '-i', files.voice,
    ...(background.kind === 'file' && files.background ? ['-i', files.background] : []),
    '-filter_complex', redubFilterGraph(params, background, seconds),
    '-map', '0:v:0', '-map', '[aout]',
    '-c:v', 'copy', '-c:a', 'aac', '-b:a', '192k',
    '-movflags', '+faststart', files.output,
  ];
}
