import { fileId, paramsOf, parse, refusal, refusedParam, upload, url } from './request-test-support';

/** Spec §5, §7 and §9 for /frame/last, /cut and /crop, as the API validates them. */

const SINGLE_FILE_ENDPOINTS = [
  { path: '/frame/last', fields: {} },
  { path: '/cut', fields: {} },
  { path: '/crop', fields: { w: '320', h: '240' } },
] as const;

const SOURCES = {
  file: () => upload(),
  url: () => url(),
  file_id: () => fileId(),
} as const;
const KIND = { file: 'upload', url: 'url', file_id: 'file_id' } as const;

describe.each(SINGLE_FILE_ENDPOINTS)('$path: file or url required (spec §5)', ({ path, fields }) => {
  it('refuses a request without any source, naming file', () => {
    const error = refusal(path, { ...fields });
    expect(error.param).toBe('file');
    expect(error.message).toMatch(/file.*url.*file_id/);
  });

  it.each(Object.keys(SOURCES) as (keyof typeof SOURCES)[])('accepts the input as %s alone', (name) => {
    const parsed = parse(path, { ...fields, [name]: SOURCES[name]() });
    expect(parsed.inputs).toHaveLength(1);
    expect(parsed.inputs[0]).toMatchObject({ role: 'file', field: name, kind: KIND[name] });
  });

  it.each([
    [['file', 'url'], 'url'],
    [['file', 'file_id'], 'file_id'],
    [['url', 'file_id'], 'file_id'],
    [['file', 'url', 'file_id'], 'url'],
  ] as const)('refuses more than one source (%j), naming %s', (names, param) => {
    const values: Record<string, unknown> = { ...fields };
    for (const name of names) values[name] = SOURCES[name]();
    expect(refusedParam(path, values)).toBe(param);
  });

  it('refuses a URL that is not http(s), naming url', () => {
    expect(refusedParam(path, { ...fields, url: 'ftp://media.example.com/clip.mp4' })).toBe('url');
  });

  it('refuses an unknown parameter, naming it', () => {
    const error = refusal(path, { ...fields, url: url(), colour: 'red' });
    expect(error.param).toBe('colour');
    expect(error.message).toBe('Unknown parameter colour.');
  });
});

describe('/crop needs w and h (spec §5)', () => {
  it.each([
    ['w', { h: '240' }],
    ['h', { w: '320' }],
  ] as const)('refuses a crop without %s, naming it', (param, size) => {
    const error = refusal('/crop', { url: url(), ...size });
    expect(error.param).toBe(param);
    expect(error.message).toBe(`The ${param} parameter is required.`);
  });

  it('names w first when both are missing', () => {
    expect(refusedParam('/crop', { url: url() })).toBe('w');
  });

  it.each([
    ['w', '1.5'],
    ['w', 1.5],
    ['h', 'tall'],
  ])('refuses %s=%j that is not a whole number, naming it', (param, value) => {
    expect(refusedParam('/crop', { url: url(), w: '320', h: '240', [param]: value })).toBe(param);
  });

  it('centres the crop when x and y are absent (spec decisions), and keeps them when given', () => {
    const centred = paramsOf('/crop', { url: url(), w: '320', h: '240' });
    expect(centred).toEqual({ w: 320, h: 240 });
    expect(paramsOf('/crop', { url: url(), w: '320', h: '240', x: '10', y: '20' })).toEqual({ w: 320, h: 240, x: 10, y: 20 });
  });

  it('defaults download to 0', () => {
    expect(parse('/crop', { url: url(), w: '320', h: '240' }).download).toBe(false);
  });
});

describe('/cut', () => {
  it('defaults start to 0.0 and download to 0 (spec §9)', () => {
    const parsed = parse('/cut', { url: url() });
    expect(parsed.job.params).toEqual({ start: 0 });
    expect(parsed.download).toBe(false);
  });

  it.each([
    ['1', true],
    ['0', false],
    [true, true],
  ])('reads download=%j', (download, expected) => {
    expect(parse('/cut', { url: url(), download }).download).toBe(expected);
  });

  it.each([
    ['start', 'soon'],
    ['start', '-1'],
    ['duration', '0'],
    ['download', 'maybe'],
  ])('refuses %s=%j, naming it', (param, value) => {
    expect(refusedParam('/cut', { url: url(), [param]: value })).toBe(param);
  });

  it('says a word for start is not a number', () => {
    expect(refusal('/cut', { url: url(), start: 'soon' }).message).toBe('The start parameter must be a number.');
  });
});

describe('/frame/last: JPEG quality 2 (best) to 31 (worst) (spec §5)', () => {
  it('defaults epsilon to 0.12 and jpg_quality to 2 (spec §9), and answers the image', () => {
    const parsed = parse('/frame/last', { url: url() });
    expect(parsed.job.params).toEqual({ epsilon: 0.12, jpg_quality: 2 });
    expect(parsed.download).toBe(true);
  });

  it.each(['2', '31', 2, 31])('accepts jpg_quality=%j', (quality) => {
    expect(paramsOf('/frame/last', { url: url(), jpg_quality: quality }).jpg_quality).toBe(Number(quality));
  });

  it.each(['1', '32', 1, 32, '0', '2.5'])('refuses jpg_quality=%j, naming it', (quality) => {
    expect(refusedParam('/frame/last', { url: url(), jpg_quality: quality })).toBe('jpg_quality');
  });

  it('does not take download (it always answers the image)', () => {
    expect(refusedParam('/frame/last', { url: url(), download: '0' })).toBe('download');
  });
});

describe('every parameter spec §7 lists is taken', () => {
  it.each([
    ['/frame/last', { epsilon: '0.5', width: '160', height: '90', jpg_quality: '5' }, { epsilon: 0.5, width: 160, height: 90, jpg_quality: 5 }],
    ['/cut', { start: '1.5', duration: '2' }, { start: 1.5, duration: 2 }],
    ['/crop', { w: '160', h: '90', x: '4', y: '6' }, { w: 160, h: 90, x: 4, y: 6 }],
  ])('%s', (path, fields, expected) => {
    expect(paramsOf(path, { url: url(), ...fields })).toEqual(expected);
  });
});
