import type { MediaProbe, ProbedStream } from '../../../../kernel/contracts/media-probe';
import { fileId, parse, upload, url } from '../../contracts/requests/request-test-support';
import type { FileIdResolver } from '../input-resolver';
import type { ByteSource } from '../media-info/media-probes';
import { UnfitInputError, UnreadableMediaError, ValidationError } from '../../../../kernel/domain/errors';
import { DryRuns } from './dry-runs';
import { COST_MODELS } from './estimate-model';

const stream = (fields: Partial<ProbedStream> & Pick<ProbedStream, 'type'>): ProbedStream => ({
  index: 0, codec: fields.type === 'video' ? 'h264' : 'aac', duration: null, width: null, height: null, frame_rate: null, sample_rate: null, channels: null, ...fields,
});

/** A clip as MediaInfo describes it: `seconds` long, with a picture of `w` x `h` at 25 fps and (optionally) sound. */
const clip = (seconds: number, w: number, h: number, sound = true): MediaProbe => ({
  object: 'media_info',
  duration: seconds,
  container: 'mp4',
  size: 1000,
  streams: [
    stream({ type: 'video', duration: seconds, width: w, height: h, frame_rate: 25 }),
    ...(sound ? [stream({ type: 'audio', index: 1, duration: seconds, sample_rate: 48000, channels: 2 })] : []),
  ],
});

const empty: ByteSource = { size: 0, read: () => Promise.resolve(new Uint8Array(0)) };

/** Each input's probe by where it lies: file ids and URLs by their own name, uploads by their file name. */
function dryRuns(probes: Record<string, MediaProbe | undefined>) {
  const opened = new Map<ByteSource, string>();
  const sourceFor = (name: string): ByteSource => {
    const source = { ...empty };
    opened.set(source, name);
    return source;
  };
  const files: FileIdResolver = { resolve: (_user, id, role) => Promise.resolve({ role, key: id, fileName: 'in.mp4', size: 1 }) };
  const urls = { assertFetchable: jest.fn((address: string, param: string) => { if (address.includes('internal')) throw new ValidationError('internal', { param }); }) };
  const stored = { open: jest.fn((key: string) => Promise.resolve(sourceFor(key))) };
  const remote = { open: jest.fn((address: string) => Promise.resolve(sourceFor(address))) };
  const reader = {
    read: jest.fn((source: ByteSource) => Promise.resolve(opened.has(source) ? probes[opened.get(source) ?? ''] : probes.upload)),
  };
  return { service: new DryRuns(files, urls, stored, remote, reader), stored, remote, urls };
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('a dry run', () => {
  it('plans a crop from its upload: the rectangle (even sides), the length, and an estimate from the crop model', async () => {
    const { service } = dryRuns({ upload: clip(8, 1920, 1080) });
    const plan = await service.plan('me', '/crop', parse('/crop', { file: upload(), w: '641', h: '360' }));
    expect(plan).toMatchObject({
      object: 'dry_run',
      endpoint: '/crop',
      valid: true,
      inputs: [{ field: 'file', duration: 8, width: 1920, height: 1080, frame_rate: 25, has_video: true, has_audio: true }],
      output: { media_type: 'video/mp4', duration: 8, width: 640, height: 360, has_video: true, has_audio: true },
      estimate: { model: 'crop' },
    });
    // The crop decodes 8 s of 1080p and encodes 8 s of 640x360, at 25 fps.
    const units = (1920 * 1080 * 25 * 8 * 0.25 + 640 * 360 * 25 * 8) / 1e6;
    expect(plan.estimate.seconds).toBeCloseTo(COST_MODELS.crop.fixed + COST_MODELS.crop.perUnit * units, 1);
    expect(plan.estimate.low_seconds).toBeLessThanOrEqual(plan.estimate.seconds);
    expect(plan.estimate.high_seconds).toBeGreaterThanOrEqual(plan.estimate.seconds);
  });

  it('refuses a rectangle outside the frame under the code the task would fail with', async () => {
    const { service } = dryRuns({ upload: clip(8, 640, 360) });
    const refused = await failure(service.plan('me', '/crop', parse('/crop', { file: upload(), w: '400', h: '200', x: '300' })));
    expect(refused).toBeInstanceOf(UnfitInputError);
    expect(refused).toMatchObject({ code: 'crop_out_of_bounds', param: 'x' });
  });

  it('cuts to what is left after start, and refuses a start past the end', async () => {
    const { service } = dryRuns({ [fileId()]: clip(10, 1280, 720) });
    const plan = await service.plan('me', '/cut', parse('/cut', { file_id: fileId(), start: '7', duration: '5' }));
    expect(plan.output).toMatchObject({ duration: 3, width: 1280, height: 720 });
    expect(await failure(service.plan('me', '/cut', parse('/cut', { file_id: fileId(), start: '00:00:12' })))).toMatchObject({ code: 'start_out_of_range', param: 'start' });
  });

  it('adds up a merge of matching clips as a stream copy, and one of other sizes as a re-encode at the first size', async () => {
    const { service } = dryRuns({ [fileId(1)]: clip(3, 1280, 720), [fileId(2)]: clip(4.5, 1280, 720), [fileId(3)]: clip(2, 641, 361) });
    const copied = await service.plan('me', '/merge', parse('/merge', { file_ids: [fileId(1), fileId(2)] }));
    expect(copied.output).toMatchObject({ duration: 7.5, width: 1280, height: 720 });
    expect(copied.estimate.model).toBe('merge_copy');
    const reencoded = await service.plan('me', '/merge', parse('/merge', { file_ids: [fileId(3), fileId(1)] }));
    expect(reencoded.output).toMatchObject({ duration: 5, width: 640, height: 360 });
    expect(reencoded.estimate.model).toBe('merge');
  });

  it('takes each transition off a merge_urls join, never longer than the shorter clip, and a slower preset costs more', async () => {
    const a = url('a.mp4');
    const b = url('b.mp4');
    const { service, remote } = dryRuns({ [a]: clip(4, 1280, 720), [b]: clip(0.5, 1920, 1080) });
    const faded = await service.plan('me', '/merge_urls', parse('/merge_urls', { urls: [a, b, a], transition: 'fade', duration: '1', v_preset: 'ultrafast' }));
    // 4 + 0.5 + 4 less the two joins, each cut to the half-second clip.
    expect(faded.output).toMatchObject({ duration: 7.5, width: 1280, height: 720 });
    expect(remote.open).toHaveBeenCalledWith(a, 'urls');
    const slow = await service.plan('me', '/merge_urls', parse('/merge_urls', { urls: [a, b, a], transition: 'fade', duration: '1', v_preset: 'slow' }));
    expect(slow.estimate.seconds).toBeGreaterThan(faded.estimate.seconds);
  });

  it('refuses an internal URL before reading anything, naming its field', async () => {
    const { service, remote } = dryRuns({});
    const refused = await failure(service.plan('me', '/cut', parse('/cut', { url: 'http://internal.example/a.mp4' })));
    expect(refused).toMatchObject({ param: 'url' });
    expect(remote.open).not.toHaveBeenCalled();
    const callback = await failure(service.plan('me', '/cut', parse('/cut', { file: upload(), callback_url: 'https://internal.example/hook' })));
    expect(callback).toMatchObject({ param: 'callback_url' });
  });

  it('names the field of an input that holds no media', async () => {
    const { service } = dryRuns({ [fileId(1)]: clip(3, 1280, 720), [fileId(2)]: undefined });
    const refused = await failure(service.plan('me', '/merge', parse('/merge', { file_ids: [fileId(1), fileId(2)] })));
    expect(refused).toBeInstanceOf(UnreadableMediaError);
    expect(refused).toMatchObject({ param: 'file_ids' });
  });

  it('keeps the picture of a redub, and refuses captions for a video without sound', async () => {
    const { service } = dryRuns({ [fileId(1)]: clip(6, 720, 1280), [fileId(2)]: { ...clip(9, 0, 0), streams: [stream({ type: 'audio', duration: 9 })] }, [fileId(3)]: clip(6, 720, 1280, false) });
    const redub = await service.plan('me', '/redub', parse('/redub', { video_file_id: fileId(1), voice_file_id: fileId(2) }));
    expect(redub.output).toMatchObject({ duration: 6, width: 720, height: 1280, has_audio: true });
    expect(redub.inputs[1]).toMatchObject({ field: 'voice_file_id', has_video: false, width: null });
    const captions = await failure(service.plan('me', '/captions/auto', parse('/captions/auto', { video_file_id: fileId(3) })));
    expect(captions).toMatchObject({ code: 'no_audio_stream', param: 'video_file_id' });
  });

  it('scales the last frame to one side given, keeping the aspect ratio', async () => {
    const { service } = dryRuns({ upload: clip(2, 1920, 1080) });
    const plan = await service.plan('me', '/frame/last', parse('/frame/last', { file: upload(), width: '640' }));
    expect(plan.output).toEqual({ media_type: 'image/jpeg', duration: null, width: 640, height: 360, has_video: true, has_audio: false });
  });
});
