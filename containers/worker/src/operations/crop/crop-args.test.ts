import { cropParamsSchema } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { MediaProbe } from '../../ffmpeg/media-probe';
import { cropArgs, cropBox, shownSize } from './crop-args';

const params = (raw: Record<string, unknown>) => cropParamsSchema.parse(raw);
const FRAME = { width: 320, height: 240 };
const probe = (extra: Partial<MediaProbe> = {}): MediaProbe => ({
  durationSeconds: 2, hasVideo: true, hasAudio: true, width: 320, height: 240, audioCodec: 'aac', ...extra,
});

describe('crop box', () => {
  it('centres when x/y are absent, as ffmpeg does', () => {
    expect(cropBox(params({ w: 160, h: 120 }), FRAME)).toEqual({ box: { w: 160, h: 120, x: 80, y: 60 } });
    expect(cropBox(params({ w: 100, h: 100, x: 0 }), FRAME)).toEqual({ box: { w: 100, h: 100, x: 0, y: 70 } });
  });

  it('refuses a rectangle outside the frame, naming the parameter and the frame size', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ w: 400, h: 100 }, 'w'],
      [{ w: 100, h: 300 }, 'h'],
      [{ w: 100, h: 100, x: 221 }, 'x'],
      [{ w: 100, h: 100, y: 141 }, 'y'],
    ];
    for (const [raw, param] of cases) {
      const result = cropBox(params(raw), FRAME);
      expect('refusal' in result && result.refusal).toMatchObject({ code: 'crop_out_of_bounds', param });
      expect('refusal' in result && result.refusal.message).toMatch(/^Error: .*320x240/);
    }
    expect('box' in cropBox(params({ w: 320, h: 240, x: 0, y: 0 }), FRAME)).toBe(true);
  });

  it('rounds odd sides down to even, keeping the centre from the size asked', () => {
    expect(cropBox(params({ w: 101, h: 75 }), FRAME)).toEqual({ box: { w: 100, h: 74, x: 109, y: 82 } });
  });

  it('measures a quarter-turned video as it is shown', () => {
    expect(shownSize(probe({ rotation: 90 }))).toEqual({ width: 240, height: 320 });
    expect(shownSize(probe({ rotation: 180 }))).toEqual(FRAME);
  });
});

describe('crop arguments', () => {
  const box = { w: 160, h: 120, x: 80, y: 60 };
  it('re-encodes the picture with x264 and copies AAC sound', () => {
    expect(cropArgs('in-0.mp4', 'out.mp4', box, probe())).toEqual([
      '-i', 'in-0.mp4', '-map', '0:v:0', '-vf', 'crop=160:120:80:60',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p',
      '-map', '0:a:0?', '-c:a', 'copy', '-movflags', '+faststart', 'out.mp4',
    ]);
  });

  it('encodes sound an MP4 cannot hold, and maps none when there is none', () => {
    expect(cropArgs('in-0.avi', 'out.mp4', box, probe({ audioCodec: 'pcm_s16le' }))).toEqual(expect.arrayContaining(['aac']));
    expect(cropArgs('in-0.mp4', 'out.mp4', box, probe({ hasAudio: false }))).not.toContain('0:a:0?');
  });
});
