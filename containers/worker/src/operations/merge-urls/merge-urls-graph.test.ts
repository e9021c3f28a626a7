import { mergeUrlsParamsSchema } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { TRANSITIONS_SINCE_FFMPEG_6_1, XFADE_TRANSITIONS } from '@frameforge/functions/features/jobs/contracts/transitions';
import { InputRejectedError } from '../operation';
import { mergeGraph, mergeTarget, mergeUrlsArgs, transitionSeconds, xfadeTransition, type ClipProbe } from './merge-urls-graph';

const clip = (durationSeconds: number, extra: Partial<ClipProbe> = {}): ClipProbe => ({
  durationSeconds, hasVideo: true, hasAudio: true, width: 320, height: 240, fps: 25, rotation: 0, ...extra,
});
const params = (raw: Record<string, unknown> = {}) => mergeUrlsParamsSchema.parse(raw);
const OLD_FFMPEG = new Set<string>(XFADE_TRANSITIONS.filter((n) => !(TRANSITIONS_SINCE_FFMPEG_6_1 as readonly string[]).includes(n)));
const NEW_FFMPEG = new Set<string>(XFADE_TRANSITIONS);

function rejection(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof InputRejectedError) return error.jobError;
    throw error;
  }
  throw new Error('not rejected');
}

describe('xfadeTransition', () => {
  it('uses a native name as it is', () => {
    expect(xfadeTransition({ transition: 'circleopen' }, OLD_FFMPEG)).toBe('transition=circleopen');
  });

  it('emulates the 6.1 names on an older FFmpeg, natively on a newer one', () => {
    expect(xfadeTransition({ transition: 'coverleft' }, OLD_FFMPEG)).toMatch(/^transition=custom:expr=if\(gte\(X\\,P\*W\)\\,/);
    expect(xfadeTransition({ transition: 'coverleft' }, NEW_FFMPEG)).toBe('transition=coverleft');
  });

  it('passes a validated, escaped custom expression', () => {
    expect(xfadeTransition({ transition: 'custom', transition_expr: 'if(gt(X, W*P), B, A)' }, OLD_FFMPEG)).toBe('transition=custom:expr=if(gt(X\\,W*P)\\,B\\,A)');
  });

  it('refuses custom without or with a bad expression', () => {
    expect(rejection(() => xfadeTransition({ transition: 'custom' }, OLD_FFMPEG))).toMatchObject({ code: 'invalid_transition_expr', param: 'transition_expr' });
    expect(rejection(() => xfadeTransition({ transition: 'custom', transition_expr: 'A;B' }, OLD_FFMPEG))).toMatchObject({ code: 'invalid_transition_expr' });
  });

  it('refuses an unknown name, including the landing page old spelling', () => {
    for (const name of ['diagonaltl', 'sparkle', 'fade:expr=1', '__proto__']) {
      const error = rejection(() => xfadeTransition({ transition: name }, OLD_FFMPEG));
      expect(error).toMatchObject({ code: 'invalid_transition', param: 'transition' });
      expect(error.message).toMatch(/^Error: /);
      expect(error.message.slice('Error: '.length)).not.toContain(':');
    }
  });
});

describe('transitionSeconds', () => {
  it('never makes a transition longer than the shorter clip', () => {
    expect(transitionSeconds([3, 0.4, 2], 1)).toEqual([0.4, 0.4]);
    expect(transitionSeconds([3, 3], 1)).toEqual([1]);
  });
});

describe('mergeGraph', () => {
  it('chains xfade and acrossfade with offsets at the running length minus the transition', () => {
    const graph = mergeGraph([clip(2), clip(3), clip(1)], params({ transition: 'fade', duration: 0.5 }), 'transition=fade');
    expect(graph.filter).toContain('[v0][v1]xfade=transition=fade:duration=0.5:offset=1.5[vx1]');
    expect(graph.filter).toContain('[vx1][v2]xfade=transition=fade:duration=0.5:offset=4[vout]');
    expect(graph.filter).toContain('[a0][a1]acrossfade=d=0.5[ax1]');
    expect(graph.filter).toContain('[ax1][a2]acrossfade=d=0.5[aout]');
    expect(graph.expectedSeconds).toBeCloseTo(5);
    expect(graph.maps).toEqual(['[vout]', '[aout]']);
  });

  it('joins by concat without a transition, ignoring duration', () => {
    const graph = mergeGraph([clip(2), clip(3)], params({ duration: 2 }), undefined);
    expect(graph.filter).toContain('[v0][a0][v1][a1]concat=n=2:v=1:a=1[vout][aout]');
    expect(graph.expectedSeconds).toBe(5);
  });

  it('conforms every clip to the first one and gives a silent clip its own silence', () => {
    const graph = mergeGraph([clip(2), clip(1.5, { width: 640, height: 360, fps: 30, hasAudio: false })], params(), undefined);
    expect(graph.filter).toContain('[1:v:0]setpts=PTS-STARTPTS,scale=320:240:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=320:240:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p');
    expect(graph.filter).toContain('anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,atrim=duration=1.5[a1]');
    expect(graph.filter).toContain('[0:a:0]asetpts=PTS-STARTPTS,aresample=48000');
  });

  it('still conforms a clip of another size when match_source is false, but not one that already fits', () => {
    const graph = mergeGraph([clip(1), clip(1), clip(1, { width: 100, height: 100 })], params({ match_source: false }), undefined);
    expect(graph.filter).not.toContain('[1:v:0]setpts=PTS-STARTPTS,scale');
    expect(graph.filter).toContain('[2:v:0]setpts=PTS-STARTPTS,scale=320:240');
  });

  it('leaves audio out when no clip has any', () => {
    const graph = mergeGraph([clip(1, { hasAudio: false }), clip(1, { hasAudio: false })], params({ transition: 'fade' }), 'transition=fade');
    expect(graph.filter).not.toContain('acrossfade');
    expect(graph.filter).not.toContain('anullsrc');
    expect(graph.maps).toEqual(['[vout]']);
  });

  it('targets the first clip with even sides and its upright orientation', () => {
    expect(mergeTarget(clip(1, { width: 321, height: 241, fps: null }))).toEqual({ width: 320, height: 240, fps: 30 });
    expect(mergeTarget(clip(1, { width: 1920, height: 1080, rotation: 90 }))).toMatchObject({ width: 1080, height: 1920 });
  });
});

describe('mergeUrlsArgs', () => {
  it('applies v_crf, v_preset and a_bitrate', () => {
    const p = params({ v_crf: 30, v_preset: 'ultrafast', a_bitrate: '64k' });
    const args = mergeUrlsArgs(['/a.mp4', '/b.mp4'], mergeGraph([clip(1), clip(1)], p, undefined), p, '/out.mp4');
    expect(args.join(' ')).toContain('-i /a.mp4 -i /b.mp4 -filter_complex');
    expect(args.join(' ')).toContain('-c:v libx264 -preset ultrafast -crf 30 -pix_fmt yuv420p -c:a aac -b:a 64k');
    expect(args.at(-1)).toBe('/out.mp4');
  });
});
