import type { PlannedOutput } from '../../contracts/dry-run';
import { cappedForKey } from './test-key-cap';

const video: PlannedOutput = { media_type: 'video/mp4', duration: 95.5, width: 1920, height: 1080, has_video: true, has_audio: true };

describe("a test key's planned output", () => {
  it('is the live plan for a live key', () => {
    expect(cappedForKey(video, 'live')).toEqual(video);
  });

  it('plays at most 10 s and is at most 480 high, the ratio kept with even sides, as the worker scales it', () => {
    expect(cappedForKey(video, 'test')).toEqual({ ...video, duration: 10, width: 854, height: 480 });
    expect(cappedForKey({ ...video, width: 1080, height: 1920 }, 'test')).toMatchObject({ width: 270, height: 480 });
  });

  it('is never scaled up, and sound or a still keeps what it has', () => {
    expect(cappedForKey({ ...video, duration: 4, width: 640, height: 360 }, 'test')).toEqual({ ...video, duration: 4, width: 640, height: 360 });
    expect(cappedForKey({ ...video, width: null, height: null, has_video: false }, 'test')).toMatchObject({ duration: 10, width: null, height: null });
    expect(cappedForKey({ ...video, media_type: 'image/jpeg', duration: null, width: 3840, height: 2160 }, 'test')).toMatchObject({ duration: null, width: 854, height: 480 });
  });
});
