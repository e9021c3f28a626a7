import { fileId, paramsOf, parse, refusal, refusedParam, upload, url } from './request-test-support';

/** Spec §5, §7 and §9 for /captions/auto, as the API validates it. */

const PATH = '/captions/auto';
const base = { video_url: url() };
const params = (values: Record<string, unknown> = {}) => paramsOf(PATH, { ...base, ...values });

/** Spec §9 "Documented defaults", field by field. */
const DEFAULTS: [string, unknown][] = [
  ['vad_filter', true],
  ['beam_size', 5],
  ['style_effects', ['karaoke', 'fade']],
  ['split', 'word'],
  ['position', 'bottom'],
  ['alignment', 'center'],
  ['pad_l', 10],
  ['pad_r', 10],
  ['pad_v', 10],
  ['font', 'Poppins'],
  ['font_size', 54],
  ['font_weight', 'bold'],
  ['fill_color', '#ffffff'],
  ['outline_color', '#333333'],
  ['outline_width', 4.0],
  ['shadow_color', '#000000'],
  ['shadow_size', 3.0],
  ['highlight_color', '#f41f09'],
  ['fade_in_ms', 120],
  ['fade_out_ms', 120],
  ['max_words_per_line', 3],
  ['max_lines', 2],
  ['text_case', 'normal'],
];

/** Spec §9 "Enumerations". */
const ENUMERATIONS: [string, string[]][] = [
  ['split', ['none', 'word', 'line']],
  ['position', ['top', 'middle', 'bottom']],
  ['alignment', ['left', 'center', 'right']],
  ['font_weight', ['normal', 'bold']],
  ['text_case', ['normal', 'upper', 'lower', 'capitalize']],
];
const EFFECTS = ['karaoke', 'fade', 'slide', 'enlarge', 'bounce', 'highlight'];

describe('/captions/auto: the video', () => {
  it('is required, naming video', () => {
    expect(refusedParam(PATH, {})).toBe('video');
  });

  it.each([
    ['video', upload()],
    ['video_url', url()],
    ['video_file_id', fileId()],
  ])('may come as %s', (field, value) => {
    expect(parse(PATH, { [field]: value }).inputs).toEqual([expect.objectContaining({ role: 'video', field })]);
  });

  it('comes one way only', () => {
    expect(refusedParam(PATH, { video: upload(), video_url: url() })).toBe('video_url');
  });
});

describe('/captions/auto defaults (spec §9)', () => {
  const parsed = () => parse(PATH, base);

  it.each(DEFAULTS)('%s defaults to %j', (field, expected) => {
    expect(parsed().job.params).toHaveProperty([field], expected);
  });

  it('defaults download to 0', () => {
    expect(parsed().download).toBe(false);
  });
});

describe('/captions/auto offsets: -200 to 200 (spec §5)', () => {
  it.each(['offset_x', 'offset_y'])('%s accepts -200 and 200', (field) => {
    expect(params({ [field]: '-200' })[field]).toBe(-200);
    expect(params({ [field]: '200' })[field]).toBe(200);
  });

  it.each([
    ['offset_x', '-201'],
    ['offset_x', '201'],
    ['offset_y', '-201'],
    ['offset_y', '201'],
    ['offset_x', 201],
    ['offset_y', '1.5'],
  ])('refuses %s=%j, naming it', (field, value) => {
    const error = refusal(PATH, { ...base, [field]: value });
    expect(error.param).toBe(field);
  });
});

describe('/captions/auto enumerations (spec §9)', () => {
  describe.each(ENUMERATIONS)('%s', (field, values) => {
    it.each(values)('accepts %s', (value) => {
      expect(params({ [field]: value })[field]).toBe(value);
    });

    it('refuses another value, naming the field and the values it takes', () => {
      const error = refusal(PATH, { ...base, [field]: 'sideways' });
      expect(error.param).toBe(field);
      for (const value of values) expect(error.message).toContain(value);
    });
  });

  describe('style_effects', () => {
    it.each(EFFECTS)('accepts %s alone', (effect) => {
      expect(params({ style_effects: effect }).style_effects).toEqual([effect]);
    });

    it('accepts a comma-separated list (a form field)', () => {
      expect(params({ style_effects: EFFECTS.join(', ') }).style_effects).toEqual(EFFECTS);
    });

    it('accepts a JSON array', () => {
      expect(params({ style_effects: EFFECTS }).style_effects).toEqual(EFFECTS);
    });

    it.each([['karaoke,spin'], [['karaoke', 'spin']]])('refuses an unknown effect in %j, naming style_effects', (value) => {
      expect(refusedParam(PATH, { ...base, style_effects: value })).toBe('style_effects');
    });
  });

  it.each([
    ['font', 'Arial'],
    ['fill_color', 'white'],
    ['highlight_color', '#f41f0'],
    ['beam_size', '0'],
    ['vad_filter', 'perhaps'],
    ['max_lines', '6'],
    ['language', 'english'],
  ])('refuses %s=%j, naming it', (field, value) => {
    expect(refusedParam(PATH, { ...base, [field]: value })).toBe(field);
  });

  it('refuses an unknown parameter, naming it', () => {
    expect(refusedParam(PATH, { ...base, font_colour: '#ffffff' })).toBe('font_colour');
  });
});

describe('/captions/auto takes every parameter spec §7 lists', () => {
  it('reads each one', () => {
    const fields = {
      language: 'it', vad_filter: '0', beam_size: '3', style_effects: 'slide,bounce', split: 'line', position: 'top', alignment: 'left',
      pad_l: '1', pad_r: '2', pad_v: '3', font: 'Poppins', font_size: '40', font_weight: 'normal', fill_color: '#00ff00',
      outline_color: '#111111', outline_width: '2.5', shadow_color: '#222222', shadow_size: '1.5', highlight_color: '#0000ff',
      fade_in_ms: '50', fade_out_ms: '60', max_words_per_line: '4', max_lines: '1', offset_x: '-10', offset_y: '12', text_case: 'upper', return_ass: '1',
    };
    expect(params(fields)).toEqual({
      language: 'it', vad_filter: false, beam_size: 3, style_effects: ['slide', 'bounce'], split: 'line', position: 'top', alignment: 'left',
      pad_l: 1, pad_r: 2, pad_v: 3, font: 'Poppins', font_size: 40, font_weight: 'normal', fill_color: '#00ff00',
      outline_color: '#111111', outline_width: 2.5, shadow_color: '#222222', shadow_size: 1.5, highlight_color: '#0000ff',
      fade_in_ms: 50, fade_out_ms: 60, max_words_per_line: 4, max_lines: 1, offset_x: -10, offset_y: 12, text_case: 'upper', return_ass: true,
    });
  });
});
