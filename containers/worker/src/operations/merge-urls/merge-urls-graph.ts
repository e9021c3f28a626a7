import type { MergeUrlsParams } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { CUSTOM_TRANSITION, XFADE_TRANSITIONS } from '@frameforge/functions/features/jobs/contracts/transitions';
import type { MediaProbe } from '../../ffmpeg/media-probe';
import { InputRejectedError } from '../operation';
import { emulatedExpr } from './emulated-transitions';
import { escapeFilterValue, validateTransitionExpr } from './xfade-expr';

export type ClipProbe = Pick<MediaProbe, 'durationSeconds' | 'hasVideo' | 'hasAudio' | 'width' | 'height' | 'fps' | 'rotation'>;

/** The shape every clip is conformed to: the first clip's. */
export interface MergeTarget {
  width: number;
  height: number;
  fps: number;
}

const num = (value: number) => String(Number(value.toFixed(6)));
const even = (side: number) => Math.max(2, Math.floor(side / 2) * 2);

export function mergeTarget(first: ClipProbe): MergeTarget {
  const turned = first.rotation === 90 || first.rotation === 270;
  const width = (turned ? first.height : first.width) ?? 1280;
  const height = (turned ? first.width : first.height) ?? 720;
  const fps = first.fps && first.fps >= 1 && first.fps <= 120 ? first.fps : 30;
  return { width: even(width), height: even(height), fps };
}

/**
 * The xfade options for `transition`: a native name, our expression for a
 * name this FFmpeg lacks, or the caller's validated custom expression.
 */
export function xfadeTransition(params: Pick<MergeUrlsParams, 'transition' | 'transition_expr'>, native: ReadonlySet<string>): string {
  const { transition, transition_expr: expr } = params;
  if (transition === CUSTOM_TRANSITION) {
    if (!expr) {
      throw new InputRejectedError({
        code: 'invalid_transition_expr',
        message: 'Error: transition=custom needs an expression in transition_expr.',
        param: 'transition_expr',
        hint: 'For example transition_expr=if(gt(X,W*P),B,A).',
      });
    }
    return `transition=custom:expr=${escapeFilterValue(validateTransitionExpr(expr))}`;
  }
  const named = (XFADE_TRANSITIONS as readonly string[]).includes(transition ?? '');
  if (named && native.has(transition ?? '')) return `transition=${transition}`;
  const emulated = named ? emulatedExpr(transition ?? '') : undefined;
  if (emulated) return `transition=custom:expr=${escapeFilterValue(emulated)}`;
  if (named) throw new Error(`this FFmpeg has no xfade transition ${transition} and no emulation of it`);
  throw new InputRejectedError({
    code: 'invalid_transition',
    message: `Error: transition "${(transition ?? '').replace(/[^\w-]/g, '').slice(0, 40)}" is not a transition we know.`,
    param: 'transition',
    hint: `Use one of ${XFADE_TRANSITIONS.slice(0, 6).join(', ')}, ... (${XFADE_TRANSITIONS.length} names), or custom with transition_expr.`,
  });
}

/** Seconds each transition lasts: never longer than the shorter of its two clips. */
export function transitionSeconds(lengths: readonly number[], duration: number): number[] {
  return lengths.slice(1).map((length, i) => Math.min(duration, length, lengths[i] ?? length));
}

export interface MergeGraph {
  filter: string;
  /** Output link labels to map: video, then audio when any clip has sound. */
  maps: string[];
  expectedSeconds: number;
}

/**
 * One filtergraph for all clips: each conformed to the target (size, fps,
 * yuv420p, 48 kHz stereo, silence where a clip has none), cut to its probed
 * length, then joined by an xfade/acrossfade chain or by concat.
 */
export function mergeGraph(clips: readonly ClipProbe[], params: MergeUrlsParams, transition: string | undefined): MergeGraph {
  const first = clips[0];
  if (!first) throw new Error('mergeGraph needs clips');
  const target = mergeTarget(first);
  const withAudio = clips.some((clip) => clip.hasAudio);
  const lengths = clips.map((clip) => clip.durationSeconds);
  const chains = clips.flatMap((clip, i) => {
    const own = [videoChain(i, clip, target, params.match_source)];
    if (withAudio) own.push(audioChain(i, clip));
    return own;
  });
  if (transition === undefined) {
    const links = clips.map((_, i) => `[v${i}]${withAudio ? `[a${i}]` : ''}`).join('');
    chains.push(`${links}concat=n=${clips.length}:v=1:a=${withAudio ? 1 : 0}[vout]${withAudio ? '[aout]' : ''}`);
    return { filter: chains.join(';'), maps: withAudio ? ['[vout]', '[aout]'] : ['[vout]'], expectedSeconds: sum(lengths) };
  }
  const fades = transitionSeconds(lengths, params.duration);
  let running = lengths[0] ?? 0;
  fades.forEach((seconds, k) => {
    const i = k + 1;
    const [vIn, aIn] = k === 0 ? ['[v0]', '[a0]'] : [`[vx${k}]`, `[ax${k}]`];
    const last = i === clips.length - 1;
    const offset = Math.max(0, running - seconds);
    chains.push(`${vIn}[v${i}]xfade=${transition}:duration=${num(seconds)}:offset=${num(offset)}${last ? '[vout]' : `[vx${i}]`}`);
    if (withAudio) chains.push(`${aIn}[a${i}]acrossfade=d=${num(seconds)}${last ? '[aout]' : `[ax${i}]`}`);
    running += (lengths[i] ?? 0) - seconds;
  });
  return { filter: chains.join(';'), maps: withAudio ? ['[vout]', '[aout]'] : ['[vout]'], expectedSeconds: running };
}

function videoChain(i: number, clip: ClipProbe, target: MergeTarget, matchSource: boolean): string {
  const { width: w, height: h } = target;
  const sameSize = clip.width === w && clip.height === h && !clip.rotation;
  // xfade and concat need one size, so a clip of another size is conformed even without match_source.
  const fit = matchSource || !sameSize
    ? [`scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2`, `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`]
    : [];
  const length = num(clip.durationSeconds);
  return `[${i}:v:0]${['setpts=PTS-STARTPTS', ...fit, 'setsar=1', `fps=${num(target.fps)}`, 'format=yuv420p',
    `tpad=stop_mode=clone:stop_duration=${length}`, `trim=duration=${length}`].join(',')}[v${i}]`;
}

function audioChain(i: number, clip: ClipProbe): string {
  const length = num(clip.durationSeconds);
  const shape = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
  if (!clip.hasAudio) return `anullsrc=r=48000:cl=stereo,${shape},atrim=duration=${length}[a${i}]`;
  return `[${i}:a:0]asetpts=PTS-STARTPTS,aresample=48000,${shape},apad=whole_dur=${length},atrim=duration=${length}[a${i}]`;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The whole ffmpeg command after the safety flags. */
export function mergeUrlsArgs(paths: readonly string[], graph: MergeGraph, params: MergeUrlsParams, output: string): string[] {
  const args = paths.flatMap((path) => ['-i', path]);
  args.push('-filter_complex', graph.filter);
  for (const map of graph.maps) args.push('-map', map);
  args.push('-c:v', 'libx264', '-preset', params.v_preset, '-crf', String(params.v_crf), '-pix_fmt', 'yuv420p');
  if (graph.maps.length > 1) args.push('-c:a', 'aac', '-b:a', params.a_bitrate, '-ar', '48000', '-ac', '2');
  args.push('-movflags', '+faststart', output);
  return args;
}
