import { fileId, paramsOf, parse, refusal, refusedParam, upload, url } from './request-test-support';

/** Spec §5, §7 and §9 for the redub family, as the API validates it. */

const video = { video_url: url('video.mp4') };
const voice = { voice_url: url('voice.mp3') };

/** The smallest valid body of each endpoint. */
const MINIMAL = {
  '/redub': { ...video, ...voice },
  '/redub_tts': { ...video, script: 'Hello there.', voice_id: 'voice-1' },
  '/redub_vc': { ...video, voice_id: 'voice-1' },
} as const;
const PATHS = Object.keys(MINIMAL) as (keyof typeof MINIMAL)[];

const without = (values: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(values).filter(([key]) => key !== name));

describe.each(PATHS)('%s: the video', (path) => {
  it('is required, naming video_file', () => {
    expect(refusedParam(path, without(MINIMAL[path], 'video_url'))).toBe('video_file');
  });

  it.each([
    ['video_file', upload()],
    ['video_url', url()],
    ['video_file_id', fileId()],
  ])('may come as %s', (field, value) => {
    const parsed = parse(path, { ...without(MINIMAL[path], 'video_url'), [field]: value });
    expect(parsed.inputs.find((input) => input.role === 'video')).toMatchObject({ field });
  });

  it('comes one way only', () => {
    expect(refusedParam(path, { ...MINIMAL[path], video_file: upload() })).toBe('video_url');
  });

  it('refuses an unknown parameter, naming it', () => {
    expect(refusedParam(path, { ...MINIMAL[path], voice: 'x' })).toBe('voice');
  });
});

describe('/redub needs a video and a voice source (spec §5)', () => {
  it('refuses a redub without a voice, naming voice_file', () => {
    expect(refusedParam('/redub', video)).toBe('voice_file');
  });

  it.each([
    ['voice_file', upload('voice.mp3', 'audio/mpeg')],
    ['voice_url', url('voice.mp3')],
    ['voice_file_id', fileId(2)],
  ])('takes the voice as %s', (field, value) => {
    expect(parse('/redub', { ...video, [field]: value }).inputs.map((input) => `${input.role}:${input.field}`)).toEqual(['video:video_url', `voice:${field}`]);
  });

  it('refuses two voice sources, naming the second', () => {
    expect(refusedParam('/redub', { ...video, voice_file: upload(), voice_url: url() })).toBe('voice_url');
  });
});

describe('/redub_tts needs a script source and a voice id (spec §5)', () => {
  const base = { ...video, voice_id: 'voice-1' };

  it('refuses a request without script, script_url, tts_audio_file or tts_audio_url, naming script', () => {
    const error = refusal('/redub_tts', base);
    expect(error.param).toBe('script');
    expect(error.message).toMatch(/script_url.*tts_audio_file.*tts_audio_url/);
  });

  it.each([
    ['script', 'Hello there.'],
    ['script_url', url('script.txt')],
    ['tts_audio_file', upload('speech.mp3', 'audio/mpeg')],
    ['tts_audio_url', url('speech.mp3')],
    ['tts_audio_file_id', fileId(3)],
  ])('accepts %s as the only source', (field, value) => {
    expect(() => parse('/redub_tts', { ...base, [field]: value })).not.toThrow();
  });

  it('keeps script_url for the handler to fetch', () => {
    expect(parse('/redub_tts', { ...base, script_url: url('script.txt') }).scriptUrl).toBe(url('script.txt'));
  });

  it.each([
    [{ script: 'Hi', script_url: url('s.txt') }, 'script_url'],
    [{ script: 'Hi', tts_audio_url: url('s.mp3') }, 'tts_audio_url'],
    [{ tts_audio_file: upload(), tts_audio_url: url('s.mp3') }, 'tts_audio_url'],
  ])('refuses more than one source (%j)', (sources, param) => {
    expect(refusedParam('/redub_tts', { ...base, ...sources })).toBe(param);
  });

  it('refuses a request without voice_id, naming it', () => {
    expect(refusedParam('/redub_tts', without(MINIMAL['/redub_tts'], 'voice_id'))).toBe('voice_id');
    expect(refusedParam('/redub_tts', { ...MINIMAL['/redub_tts'], voice_id: '' })).toBe('voice_id');
  });
});

describe('/redub_vc needs voice_id (spec §5)', () => {
  it('refuses a request without voice_id, naming it', () => {
    const error = refusal('/redub_vc', video);
    expect(error.param).toBe('voice_id');
    expect(error.message).toBe('The voice_id parameter is required.');
  });

  it("converts the video's own voice when no voice source is sent, or the voice sent (spec decisions)", () => {
    expect(parse('/redub_vc', MINIMAL['/redub_vc']).inputs.map((input) => input.role)).toEqual(['video']);
    expect(parse('/redub_vc', { ...MINIMAL['/redub_vc'], ...voice }).inputs.map((input) => input.role)).toEqual(['video', 'voice']);
  });
});

describe('redub defaults (spec §9)', () => {
  const shared = { bg_source: 'keep', mode: 'replace', normalize: true };

  it.each(PATHS)('%s defaults download to 1, bg_source keep, mode replace, normalize 1', (path) => {
    const parsed = parse(path, MINIMAL[path]);
    expect(parsed.download).toBe(true);
    expect(parsed.job.params).toMatchObject(shared);
  });

  it('/redub_tts defaults sync_to_video to 1 and output_format to mp3_44100_128', () => {
    expect(paramsOf('/redub_tts', MINIMAL['/redub_tts'])).toMatchObject({ sync_to_video: true, output_format: 'mp3_44100_128' });
  });

  it('/redub_vc defaults model_id to eleven_english_sts_v2 and output_format to mp3_44100_128', () => {
    expect(paramsOf('/redub_vc', MINIMAL['/redub_vc'])).toMatchObject({ model_id: 'eleven_english_sts_v2', output_format: 'mp3_44100_128' });
  });

  it.each(PATHS)('%s takes download=0', (path) => {
    expect(parse(path, { ...MINIMAL[path], download: '0' }).download).toBe(false);
  });
});

describe('redub enumerations (spec §9)', () => {
  describe.each(PATHS)('%s', (path) => {
    it.each(['keep', 'centerremove', 'separate'])('accepts bg_source=%s', (bgSource) => {
      expect(paramsOf(path, { ...MINIMAL[path], bg_source: bgSource }).bg_source).toBe(bgSource);
    });

    it('accepts bg_source=external with its background as me_file, me_url or me_file_id', () => {
      for (const [field, value] of [['me_file', upload('bg.mp3')], ['me_url', url('bg.mp3')], ['me_file_id', fileId(4)]] as const) {
        const parsed = parse(path, { ...MINIMAL[path], bg_source: 'external', [field]: value });
        expect(parsed.inputs.find((input) => input.role === 'me')).toMatchObject({ field });
      }
    });

    it('refuses bg_source=external without me_*, naming me_file', () => {
      expect(refusedParam(path, { ...MINIMAL[path], bg_source: 'external' })).toBe('me_file');
    });

    it('refuses a background input unless bg_source=external, naming bg_source', () => {
      expect(refusedParam(path, { ...MINIMAL[path], me_url: url('bg.mp3') })).toBe('bg_source');
    });

    it.each(['replace', 'mix'])('accepts mode=%s', (mode) => {
      expect(paramsOf(path, { ...MINIMAL[path], mode }).mode).toBe(mode);
    });

    it.each([
      ['bg_source', 'remove'],
      ['bg_source', 'Keep'],
      ['mode', 'overlay'],
      ['normalize', 'maybe'],
    ])('refuses %s=%s, naming it', (param, value) => {
      expect(refusedParam(path, { ...MINIMAL[path], [param]: value })).toBe(param);
    });
  });

  describe.each(['/redub_tts', '/redub_vc'] as const)('%s output_format', (path) => {
    it.each(['mp3_44100_128', 'wav_44100'])('accepts %s', (format) => {
      expect(paramsOf(path, { ...MINIMAL[path], output_format: format }).output_format).toBe(format);
    });

    it('refuses another format, naming output_format', () => {
      expect(refusedParam(path, { ...MINIMAL[path], output_format: 'ogg_48000' })).toBe('output_format');
    });
  });

  it('/redub takes no output_format', () => {
    expect(refusedParam('/redub', { ...MINIMAL['/redub'], output_format: 'wav_44100' })).toBe('output_format');
  });
});

describe('every parameter spec §7 and the spec decisions list is taken', () => {
  const background = { bg_source: 'external', me_url: url('bg.mp3'), duck: '1', bg_gain: '-6' };

  it('/redub', () => {
    const fields = { ...background, mode: 'mix', offset_ms: '250', voice_gain: '3', normalize: '0', download: '0' };
    expect(paramsOf('/redub', { ...MINIMAL['/redub'], ...fields })).toEqual({
      bg_source: 'external', mode: 'mix', duck: true, offset_ms: 250, voice_gain: 3, bg_gain: -6, normalize: false,
    });
  });

  it('/redub_tts', () => {
    const fields = { ...background, tts_model_id: 'eleven_multilingual_v2', elevenlabs_key: 'sk_test', sync_to_video: '0', stability: '0.4', similarity_boost: '0.8', style: '0.1', speed: '1.1', output_format: 'wav_44100' };
    const parsed = parse('/redub_tts', { ...MINIMAL['/redub_tts'], ...fields });
    expect(parsed.job.params).toMatchObject({
      voice_id: 'voice-1', script: 'Hello there.', tts_model_id: 'eleven_multilingual_v2', sync_to_video: false, stability: 0.4, similarity_boost: 0.8, style: 0.1, speed: 1.1, output_format: 'wav_44100', duck: true, bg_gain: -6,
    });
    expect(parsed.job.params).not.toHaveProperty('elevenlabs_key');
    expect(parsed.elevenlabsKey).toBe('sk_test');
  });

  it('/redub_vc', () => {
    const fields = { ...background, model_id: 'eleven_multilingual_sts_v2', output_format: 'wav_44100', remove_background_noise: '1' };
    expect(paramsOf('/redub_vc', { ...MINIMAL['/redub_vc'], ...fields })).toMatchObject({
      voice_id: 'voice-1', model_id: 'eleven_multilingual_sts_v2', output_format: 'wav_44100', remove_background_noise: true, bg_source: 'external', duck: true, bg_gain: -6,
    });
  });
});
