import { detailToneOf, extractErrorDetails, localizeErrorDetails, stripWrappers } from './error-details';

describe('stripWrappers', () => {
  it('removes the service and ffmpeg wrappers, nested or not, in any case', () => {
    expect(stripWrappers('Processing failed: ffmpeg failed: Error: bad input')).toBe('Error: bad input');
    expect(stripWrappers('FFMPEG FAILED:   Error: x')).toBe('Error: x');
    expect(stripWrappers('  Processing failed:Error: y ')).toBe('Error: y');
  });

  it('leaves other text alone, a wrapper word in the middle included', () => {
    expect(stripWrappers('Error: Processing failed: later')).toBe('Error: Processing failed: later');
    expect(stripWrappers('Invalid data found when processing input')).toBe('Invalid data found when processing input');
  });
});

describe('extractErrorDetails', () => {
  it('takes the first line starting with Error as the summary and keeps the rest as detail', () => {
    const message = 'Processing failed: ffmpeg failed: Error: The video could not be decoded.\n[mov,mp4] moov atom not found\nparam: file';
    expect(extractErrorDetails(message)).toEqual({
      summary: 'Error: The video could not be decoded.',
      details: [
        { text: '[mov,mp4] moov atom not found', tone: 'error' },
        { text: 'param: file', tone: 'field' },
      ],
    });
  });

  it('finds the Error line below technical lines', () => {
    const message = 'ffmpeg failed: frame=12 fps=0.0\nError: Output too large\nhint: lower the resolution';
    const details = extractErrorDetails(message);
    expect(details.summary).toBe('Error: Output too large');
    expect(details.details.map((d) => d.text)).toEqual(['frame=12 fps=0.0', 'hint: lower the resolution']);
  });

  it('falls back to the first line when no line starts with Error', () => {
    expect(extractErrorDetails('Processing failed: the worker ran out of time\nexit code 137')).toEqual({
      summary: 'the worker ran out of time',
      details: [{ text: 'exit code 137', tone: 'plain' }],
    });
  });

  it('only counts lines that start with Error, not ones containing it', () => {
    expect(extractErrorDetails('Conversion stopped\nan Error: inside').summary).toBe('Conversion stopped');
  });

  it('has no summary for an empty or blank message, so the caller shows its fallback', () => {
    expect(extractErrorDetails('')).toEqual({ summary: null, details: [] });
    expect(extractErrorDetails(' \n\r\n ')).toEqual({ summary: null, details: [] });
    expect(extractErrorDetails(null)).toEqual({ summary: null, details: [] });
    expect(extractErrorDetails('Processing failed: ')).toEqual({ summary: null, details: [] });
  });

  it('accepts Windows line ends and skips blank lines', () => {
    expect(extractErrorDetails('Error: a\r\n\r\nwarning: b').details).toEqual([{ text: 'warning: b', tone: 'warning' }]);
  });
});

describe('detailToneOf', () => {
  it('colours failures, warnings, named facts and the rest apart', () => {
    expect(detailToneOf('Invalid argument')).toBe('error');
    expect(detailToneOf('[aac @ 0x1] Warning: 1 frame left')).toBe('warning');
    expect(detailToneOf('code: invalid_request')).toBe('field');
    expect(detailToneOf('param: start')).toBe('field');
    expect(detailToneOf('Stream #0:0 -> #0:0 (copy)')).toBe('plain');
  });
});

describe('localizeErrorDetails', () => {
  const details = extractErrorDetails('Error: start (5 s) is at or beyond the end of the input (2.000 s).\nParameter: start\nCode: start_out_of_range');

  it("keeps the API's words in English", () => {
    expect(localizeErrorDetails(details, 'en', 'The start time is at or beyond the end of the media.')).toBe(details);
    expect(localizeErrorDetails(details, 'en-GB', 'x')).toBe(details);
  });

  it("puts the code's text first in another language, and the API's line first among the details", () => {
    const localized = localizeErrorDetails(details, 'ar', 'وقت البداية عند نهاية الوسائط أو بعدها.');
    expect(localized.summary).toBe('وقت البداية عند نهاية الوسائط أو بعدها.');
    expect(localized.details.map((line) => line.text)).toEqual([
      'Error: start (5 s) is at or beyond the end of the input (2.000 s).',
      'Parameter: start',
      'Code: start_out_of_range',
    ]);
    expect(localized.details[0]?.tone).toBe('error');
  });

  it("keeps the API's words for a code without a text", () => {
    expect(localizeErrorDetails(details, 'de', null)).toBe(details);
  });
});
