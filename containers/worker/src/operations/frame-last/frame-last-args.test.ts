import { frameLastParamsSchema } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { epsilonSteps, frameLastArgs, frameScale } from './frame-last-args';

const params = (raw: Record<string, unknown> = {}) => frameLastParamsSchema.parse(raw);

describe('frame_last arguments', () => {
  it('seeks from the end before the input and writes one JPEG frame at the quality asked', () => {
    expect(frameLastArgs('in-0.mp4', 'out.jpg', params(), 0.12)).toEqual([
      '-sseof', '-0.120', '-i', 'in-0.mp4', '-map', '0:v:0', '-frames:v', '1', '-q:v', '2', '-update', '1', 'out.jpg',
    ]);
    expect(frameLastArgs('in-0.mp4', 'out.jpg', params({ jpg_quality: '31' }), 0.5)).toContain('31');
  });

  it('scales to the size asked; one side alone keeps the aspect ratio', () => {
    expect(frameScale(params())).toBeUndefined();
    expect(frameScale(params({ width: '161' }))).toBe('scale=161:-1');
    expect(frameScale(params({ height: 90 }))).toBe('scale=-1:90');
    expect(frameScale(params({ width: 100, height: 50 }))).toBe('scale=100:50');
    const args = frameLastArgs('in-0.mp4', 'out.jpg', params({ width: 64 }), 0.12);
    expect(args.slice(args.indexOf('-vf'), args.indexOf('-vf') + 2)).toEqual(['-vf', 'scale=64:-1']);
  });

  it('retries further back by doubling, up to a few seconds', () => {
    expect(epsilonSteps(0.001)).toEqual([0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1.024, 2.048, 4.096, 5]);
    expect(epsilonSteps(3)).toEqual([3, 5]);
    expect(epsilonSteps(10)).toEqual([10]);
  });
});
