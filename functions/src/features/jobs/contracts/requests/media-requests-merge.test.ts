import { fileId, paramsOf, parse, refusal, refusedParam, upload, url } from './request-test-support';

/** Spec §5, §7 and §9 for /merge and /merge_urls, as the API validates them. */

/**
 * FFmpeg's xfade names (6.1 and 7), written out here rather than read from
 * the source, so that a name dropped from the API fails this test.
 */
const XFADE_NAMES = [
  'fade', 'wipeleft', 'wiperight', 'wipeup', 'wipedown', 'slideleft', 'slideright', 'slideup', 'slidedown',
  'circlecrop', 'rectcrop', 'distance', 'fadeblack', 'fadewhite', 'radial', 'smoothleft', 'smoothright', 'smoothup', 'smoothdown',
  'circleopen', 'circleclose', 'vertopen', 'vertclose', 'horzopen', 'horzclose', 'dissolve', 'pixelize',
  'diagtl', 'diagtr', 'diagbl', 'diagbr', 'hlslice', 'hrslice', 'vuslice', 'vdslice', 'hblur', 'fadegrays',
  'wipetl', 'wipetr', 'wipebl', 'wipebr', 'squeezeh', 'squeezev', 'zoomin', 'fadefast', 'fadeslow',
  'hlwind', 'hrwind', 'vuwind', 'vdwind', 'coverleft', 'coverright', 'coverup', 'coverdown',
  'revealleft', 'revealright', 'revealup', 'revealdown',
];

const twoUrls = () => [url('a.mp4'), url('b.mp4')];

describe('/merge needs at least 2 files (spec §5)', () => {
  it.each([0, 1])('refuses %i uploaded files, naming files', (count) => {
    const error = refusal('/merge', count ? { files: Array.from({ length: count }, () => upload()) } : {});
    expect(error.param).toBe('files');
    expect(error.message).toMatch(/at least 2/);
  });

  it('refuses one file_id, naming file_ids', () => {
    expect(refusedParam('/merge', { file_ids: [fileId(1)] })).toBe('file_ids');
  });

  it('accepts 2 uploads, in order, or 2 file_ids', () => {
    const uploads = parse('/merge', { files: [upload('a.mp4'), upload('b.mp4')] });
    expect(uploads.inputs.map((input) => (input.kind === 'upload' ? input.file.fileName : input.kind))).toEqual(['a.mp4', 'b.mp4']);
    expect(parse('/merge', { file_ids: [fileId(1), fileId(2)] }).inputs.map((input) => input.kind)).toEqual(['file_id', 'file_id']);
  });

  it('refuses files and file_ids together, naming the second', () => {
    expect(refusedParam('/merge', { files: [upload(), upload()], file_ids: [fileId(1), fileId(2)] })).toBe('file_ids');
  });

  it('does not take urls (that is /merge_urls)', () => {
    expect(refusedParam('/merge', { urls: twoUrls() })).toBe('urls');
  });

  it('takes reencode and download (spec §7)', () => {
    const parsed = parse('/merge', { files: [upload(), upload()], reencode: '1', download: '1' });
    expect(parsed.job.params).toEqual({ reencode: true });
    expect(parsed.download).toBe(true);
  });

  it('defaults reencode and download to 0', () => {
    const parsed = parse('/merge', { files: [upload(), upload()] });
    expect(parsed.job.params).toEqual({ reencode: false });
    expect(parsed.download).toBe(false);
  });
});

describe('/merge_urls needs at least 2 urls (spec §5)', () => {
  it.each([[[]], [[url()]]])('refuses urls=%j, naming urls', (urls) => {
    expect(refusedParam('/merge_urls', urls.length ? { urls } : {})).toBe('urls');
  });

  it('accepts 2 urls', () => {
    expect(parse('/merge_urls', { urls: twoUrls() }).inputs).toEqual([
      { role: 'files', field: 'urls', kind: 'url', url: url('a.mp4') },
      { role: 'files', field: 'urls', kind: 'url', url: url('b.mp4') },
    ]);
  });

  it('refuses a list item that is not a URL, naming urls', () => {
    expect(refusedParam('/merge_urls', { urls: [url(), 'not a url'] })).toBe('urls');
  });

  it('gives the documented defaults (spec §9 and spec decisions): no transition means hard cuts', () => {
    const parsed = parse('/merge_urls', { urls: twoUrls() });
    expect(parsed.job.params).toEqual({ reencode: false, duration: 0.5, match_source: true, v_crf: 18, v_preset: 'slow', a_bitrate: '192k' });
    expect(parsed.job.params).not.toHaveProperty('transition');
    expect(parsed.download).toBe(false);
  });

  it('takes every parameter spec §7 lists', () => {
    const fields = { reencode: '1', download: '1', transition: 'fade', duration: '1', match_source: '0', v_crf: '23', v_preset: 'fast', a_bitrate: '128k' };
    const parsed = parse('/merge_urls', { urls: twoUrls(), ...fields });
    expect(parsed.job.params).toEqual({ reencode: true, transition: 'fade', duration: 1, match_source: false, v_crf: 23, v_preset: 'fast', a_bitrate: '128k' });
    expect(parsed.download).toBe(true);
  });

  it.each([
    ['v_crf', '52'],
    ['v_preset', 'glacial'],
    ['a_bitrate', '100k'],
    ['duration', 'long'],
    ['match_source', 'sometimes'],
  ])('refuses %s=%j, naming it', (param, value) => {
    expect(refusedParam('/merge_urls', { urls: twoUrls(), [param]: value })).toBe(param);
  });
});

describe('/merge_urls transitions (spec §7, §9)', () => {
  it('knows 58 named transitions', () => {
    expect(new Set(XFADE_NAMES).size).toBe(58);
  });

  it.each(XFADE_NAMES)('accepts transition=%s', (transition) => {
    expect(paramsOf('/merge_urls', { urls: twoUrls(), transition, duration: '1' })).toMatchObject({ transition, duration: 1 });
  });

  it('accepts custom with its expression in transition_expr', () => {
    const expr = 'if(gt(X,W*P),A,B)';
    expect(paramsOf('/merge_urls', { urls: twoUrls(), transition: 'custom', transition_expr: expr })).toMatchObject({ transition: 'custom', transition_expr: expr });
  });

  it.each(['spin', 'Fade', ''])('refuses the unknown transition %j, naming transition', (transition) => {
    expect(refusedParam('/merge_urls', { urls: twoUrls(), transition })).toBe('transition');
  });

  it('refuses custom without transition_expr, naming transition_expr', () => {
    expect(refusedParam('/merge_urls', { urls: twoUrls(), transition: 'custom' })).toBe('transition_expr');
  });

  it('refuses transition_expr without transition=custom, naming transition_expr', () => {
    expect(refusedParam('/merge_urls', { urls: twoUrls(), transition: 'fade', transition_expr: 'A' })).toBe('transition_expr');
  });
});

describe('/merge_urls from a JSON body (numbers and booleans as JSON types)', () => {
  it('reads typed values', () => {
    const parsed = parse('/merge_urls', { urls: twoUrls(), reencode: true, v_crf: 23, duration: 1.25, download: false });
    expect(parsed.job.params).toMatchObject({ reencode: true, v_crf: 23, duration: 1.25 });
  });

  it.each([
    ['v_crf', 18.5],
    ['reencode', 2],
    ['duration', 0],
  ])('refuses %s=%j, naming it', (param, value) => {
    expect(refusedParam('/merge_urls', { urls: twoUrls(), [param]: value })).toBe(param);
  });

  it('refuses an unknown parameter, naming it', () => {
    expect(refusedParam('/merge_urls', { urls: twoUrls(), transitions: 'fade' })).toBe('transitions');
  });

  // Spec §9 documents the flags as numbers ("download 0 (1 for redub endpoints)", "normalize 1"), and JSON bodies are accepted.
  it('reads the documented 0 and 1 as JSON numbers, and names the field of any other value', () => {
    const parsed = parse('/merge_urls', { urls: twoUrls(), reencode: 1, match_source: 0, download: 1 });
    expect(parsed.job.params).toMatchObject({ reencode: true, match_source: false });
    expect(parsed.download).toBe(true);
    expect(refusedParam('/merge_urls', { urls: twoUrls(), reencode: 2 })).toBe('reencode');
  });
});
