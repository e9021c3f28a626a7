import { admitInput, refuseInput } from './admission';

const hd = { durationSeconds: 60, hasVideo: true, hasAudio: true, width: 1920, height: 1080 };

describe('input admission', () => {
  it('admits ordinary media', () => {
    expect(refuseInput(hd, 'file')).toBeUndefined();
    expect(refuseInput({ ...hd, hasVideo: false, width: null, height: null }, 'file')).toBeUndefined();
    expect(refuseInput({ ...hd, width: 7680, height: 4320 }, 'file')).toBeUndefined();
  });

  it('refuses what is not media, naming the field', () => {
    expect(refuseInput(undefined, 'file')).toMatchObject({ code: 'invalid_media', param: 'file' });
    expect(refuseInput({ ...hd, hasVideo: false, hasAudio: false }, 'url')).toMatchObject({ code: 'invalid_media', param: 'url' });
  });

  it('refuses by duration and resolution, not bytes', () => {
    expect(refuseInput({ ...hd, durationSeconds: 4 * 3600 + 1 }, 'file')?.code).toBe('input_too_long');
    expect(refuseInput({ ...hd, width: 8000, height: 100 }, 'file')?.code).toBe('resolution_too_high');
    expect(refuseInput({ ...hd, width: 7680, height: 7680 }, 'file')?.code).toBe('resolution_too_high');
  });

  it('hands back the admitted probe or the refusal', () => {
    expect(admitInput(hd, 'file')).toEqual({ admitted: hd });
    expect(admitInput(undefined, 'file')).toMatchObject({ refusal: { code: 'invalid_media' } });
  });

  it('words the first line of every refusal as "Error: …" in plain words', () => {
    for (const refusal of [refuseInput(undefined, 'file'), refuseInput({ ...hd, durationSeconds: 1e6 }, 'file')]) {
      expect(refusal?.message).toMatch(/^Error: /);
    }
  });
});
