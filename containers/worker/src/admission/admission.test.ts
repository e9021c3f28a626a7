import { refuseInput } from './admission';

const hd = { durationSeconds: 60, hasVideo: true, hasAudio: true, width: 1920, height: 1080 };

describe('input admission', () => {
  it('admits ordinary media', () => {
    expect(refuseInput(hd, 'file', 'elite')).toBeUndefined();
    expect(refuseInput({ ...hd, hasVideo: false, width: null, height: null }, 'file', 'elite')).toBeUndefined();
    expect(refuseInput({ ...hd, width: 7680, height: 4320 }, 'file', 'elite')).toBeUndefined();
  });

  it('refuses what is not media, naming the field', () => {
    expect(refuseInput(undefined, 'file', 'elite')).toMatchObject({ code: 'invalid_media', param: 'file' });
    expect(refuseInput({ ...hd, hasVideo: false, hasAudio: false }, 'url', 'elite')).toMatchObject({ code: 'invalid_media', param: 'url' });
  });

  it('refuses by duration and resolution, not bytes', () => {
    expect(refuseInput({ ...hd, durationSeconds: 4 * 3600 + 1 }, 'file', 'elite')?.code).toBe('input_too_long');
    expect(refuseInput({ ...hd, width: 8000, height: 100 }, 'file', 'elite')?.code).toBe('resolution_too_high');
    expect(refuseInput({ ...hd, width: 7680, height: 7680 }, 'file', 'elite')?.code).toBe('resolution_too_high');
  });

  it('words the first line of every refusal as "Error: …" in plain words', () => {
    for (const refusal of [refuseInput(undefined, 'file', 'elite'), refuseInput({ ...hd, durationSeconds: 1e6 }, 'file', 'elite')]) {
      expect(refusal?.message).toMatch(/^Error: /);
    }
  });
});
