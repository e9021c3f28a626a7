import type { MediaProbe } from '../../ffmpeg/media-probe';
import { fpsText, mergeFilterGraph, mergeTarget, reencodeArgs } from './merge-graph';
import { concatList, copyArgs, copyExtension, type MergeClip } from './merge-plan';

const PROBE: MediaProbe = {
  durationSeconds: 2, hasVideo: true, hasAudio: true, width: 320, height: 240, formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  fps: 25, pixelFormat: 'yuv420p', videoCodec: 'h264', videoProfile: 'High', audioCodec: 'aac', sampleRate: 44100, channels: 1, channelLayout: 'mono', rotation: 0,
};
const clip = (path: string, extra: Partial<MediaProbe> = {}, extension: string | undefined = 'mp4'): MergeClip => ({ path, extension, probe: { ...PROBE, ...extra } });

describe('merge by stream copy', () => {
  it('copies when every input has the same container, codecs and shape', () => {
    expect(copyExtension([clip('a'), clip('b'), clip('c')])).toBe('mp4');
  });

  it('re-encodes when anything a copy needs differs', () => {
    const differing: Partial<MediaProbe>[] = [
      { width: 640 }, { fps: 30 }, { pixelFormat: 'yuv444p' }, { videoCodec: 'hevc' }, { videoProfile: 'Main' },
      { hasAudio: false }, { sampleRate: 48000 }, { channels: 2 }, { audioCodec: 'mp3' }, { rotation: 90 }, { formatName: 'matroska,webm' },
    ];
    for (const extra of differing) expect(copyExtension([clip('a'), clip('b', extra)])).toBeUndefined();
    expect(copyExtension([clip('a'), clip('b', {}, 'mov')])).toBeUndefined();
    expect(copyExtension([{ ...clip('a'), extension: undefined }, { ...clip('b'), extension: undefined }])).toBeUndefined();
  });

  it('lists only the paths it is given, quoted for the concat demuxer', () => {
    expect(concatList(['/w/in-0.mp4', "/w/it's/in-1.mp4"])).toBe("file '/w/in-0.mp4'\nfile '/w/it'\\''s/in-1.mp4'\n");
  });

  it('reads our list with the concat demuxer and copies the streams', () => {
    expect(copyArgs('list.txt', 'out.mp4', true)).toEqual([
      '-f', 'concat', '-format_whitelist', expect.stringMatching(/^concat,mov,mp4/), '-safe', '0', '-i', 'list.txt',
      '-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', 'out.mp4',
    ]);
  });
});

describe('merge by re-encoding', () => {
  it('takes the first picture\'s size (even sides) and frame rate', () => {
    expect(mergeTarget([clip('a', { width: 321, height: 241, fps: 30000 / 1001 }), clip('b')])).toEqual({ video: { width: 320, height: 240, fps: '30000/1001' } });
    expect(mergeTarget([clip('a', { hasVideo: false, width: null, height: null }), clip('b', { rotation: 90 })])).toEqual({ video: { width: 240, height: 320, fps: '25' } });
    expect(mergeTarget([clip('a', { hasVideo: false }), clip('b', { hasVideo: false })])).toEqual({});
    expect(fpsText(24)).toBe('24');
    expect(fpsText(undefined)).toBe('30');
  });

  it('scales, pads and resamples every clip, with silence for one without sound', () => {
    const clips = [clip('a'), clip('b', { width: 640, height: 360, hasAudio: false, durationSeconds: 1.5 })];
    expect(mergeFilterGraph(clips, mergeTarget(clips))).toBe(
      '[0:v:0]scale=320:240:force_original_aspect_ratio=decrease,pad=320:240:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p[v0];' +
        '[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a0];' +
        '[1:v:0]scale=320:240:force_original_aspect_ratio=decrease,pad=320:240:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p[v1];' +
        'anullsrc=r=48000:cl=stereo,atrim=duration=1.500[a1];' +
        '[v0][a0][v1][a1]concat=n=2:v=1:a=1[vout][aout]',
    );
  });

  it('gives a clip without picture a black one, and joins sound alone into M4A-ready AAC', () => {
    const mixed = [clip('a'), clip('b', { hasVideo: false, width: null, height: null })];
    expect(mergeFilterGraph(mixed, mergeTarget(mixed))).toContain('color=c=black:s=320x240:r=25:d=2.000,format=yuv420p[v1]');
    const sound = [clip('a', { hasVideo: false }), clip('b', { hasVideo: false })];
    expect(mergeFilterGraph(sound, {})).toMatch(/\[a0\]\[a1\]concat=n=2:v=0:a=1\[aout\]$/);
    expect(reencodeArgs(sound, {}, 'out.m4a')).toEqual([
      '-i', 'a', '-i', 'b', '-filter_complex', expect.any(String), '-map', '[aout]', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', 'out.m4a',
    ]);
    expect(reencodeArgs(mixed, mergeTarget(mixed), 'out.mp4')).toEqual(expect.arrayContaining(['[vout]', 'libx264', 'yuv420p']));
  });
});
