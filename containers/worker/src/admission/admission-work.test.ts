import { ffmpegTimeoutSeconds, isDurationSuspicious, measuredDuration, refuseInput, TIER_WORK_LIMITS, unsupportedFormat, workOf } from './admission';

const fhd = { durationSeconds: 60, hasVideo: true, hasAudio: true, width: 1920, height: 1080, fps: 30 };

describe('admission by work per tier', () => {
  it('orders the tiers basic < boost < elite', () => {
    expect(TIER_WORK_LIMITS.basic.maxWork).toBeLessThan(TIER_WORK_LIMITS.boost.maxWork);
    expect(TIER_WORK_LIMITS.boost.maxWork).toBeLessThan(TIER_WORK_LIMITS.elite.maxWork);
    expect(TIER_WORK_LIMITS.basic.maxDurationSeconds).toBeLessThan(TIER_WORK_LIMITS.elite.maxDurationSeconds);
  });

  it('counts work as seconds x fps x pixels, audio as none', () => {
    expect(workOf(fhd)).toBe(60 * 30 * 1920 * 1080);
    expect(workOf({ ...fhd, width: null, height: null })).toBe(0);
    expect(workOf({ ...fhd, fps: null })).toBe(workOf(fhd));
  });

  it('refuses by tier what another tier admits', () => {
    const twentyMinutes = { ...fhd, durationSeconds: 20 * 60 };
    expect(refuseInput(twentyMinutes, 'file', 'basic')).toMatchObject({ code: 'work_limit_exceeded', param: 'file' });
    expect(refuseInput(twentyMinutes, 'file', 'boost')).toBeUndefined();
    const hourOfAudio = { ...fhd, hasVideo: false, width: null, height: null, durationSeconds: 3600 };
    expect(refuseInput(hourOfAudio, 'voice', 'basic')).toMatchObject({ code: 'input_too_long', param: 'voice' });
    expect(refuseInput(hourOfAudio, 'voice', 'boost')).toBeUndefined();
  });

  it('refuses absurd frame rates and huge frames', () => {
    expect(refuseInput({ ...fhd, fps: 1000 }, 'file', 'elite')?.code).toBe('work_limit_exceeded');
    expect(refuseInput({ ...fhd, width: 8000, height: 8000 }, 'file', 'elite')?.code).toBe('resolution_too_high');
  });

  it('refuses an input whose header could not be checked', () => {
    expect(refuseInput({ ...fhd, durationUnverified: true }, 'video', 'elite')).toMatchObject({ code: 'invalid_media', param: 'video' });
  });

  it('names a refused format in plain words, without anything the file could inject', () => {
    const error = unsupportedFormat('file', 'hls');
    expect(error).toMatchObject({ code: 'unsupported_format', param: 'file' });
    expect(error.message).toMatch(/^Error: the file input is a hls file/);
    expect(unsupportedFormat('file', 'x\n/etc/passwd').message).not.toMatch(/\n|\//);
  });
});

describe('lying headers', () => {
  it('distrusts a container whose duration disagrees with its streams', () => {
    expect(isDurationSuspicious({ ...fhd, durationSeconds: 10_000, streamDurationSeconds: 2 })).toBe(true);
    expect(isDurationSuspicious({ ...fhd, durationSeconds: 2, streamDurationSeconds: 10_000 })).toBe(true);
    expect(isDurationSuspicious({ ...fhd, durationSeconds: 60.04, streamDurationSeconds: 60 })).toBe(false);
  });

  it('distrusts a small file that claims hours', () => {
    expect(isDurationSuspicious({ ...fhd, durationSeconds: 36_000, streamDurationSeconds: 36_000, sizeBytes: 50_000 })).toBe(true);
    expect(isDurationSuspicious({ ...fhd, durationSeconds: 600, streamDurationSeconds: 600, sizeBytes: 60_000_000 })).toBe(false);
  });

  it('admits by the measured figure: a header that lies gains nothing', () => {
    const real = measuredDuration(50, 25);
    expect(real).toBe(2);
    expect(refuseInput({ ...fhd, durationSeconds: 10_000 }, 'file', 'basic')?.code).toBe('input_too_long');
    expect(refuseInput({ ...fhd, durationSeconds: real }, 'file', 'basic')).toBeUndefined();
    // The other way: a header claiming seconds over a stream of hours is refused by its packets.
    expect(refuseInput({ ...fhd, durationSeconds: measuredDuration(30 * 3600, 30) }, 'file', 'basic')?.code).toBe('input_too_long');
  });
});

describe('ffmpeg wall-clock limit', () => {
  it('grows with input seconds and megapixels from a base', () => {
    const base = ffmpegTimeoutSeconds([]);
    expect(base).toBe(60);
    const small = ffmpegTimeoutSeconds([{ durationSeconds: 10, width: 320, height: 240 }]);
    const fhdMinute = ffmpegTimeoutSeconds([{ durationSeconds: 60, width: 1920, height: 1080 }]);
    expect(small).toBe(60 + 6 * 10 * 0.25);
    expect(fhdMinute).toBe(Math.ceil(60 + 6 * 60 * 2.0736));
    expect(ffmpegTimeoutSeconds([{ durationSeconds: 60, width: 1920, height: 1080 }, { durationSeconds: 60, width: 1920, height: 1080 }])).toBeGreaterThan(fhdMinute);
    expect(ffmpegTimeoutSeconds([{ durationSeconds: 60, width: null, height: null }])).toBe(60 + 6 * 60 * 0.25);
  });
});
