import { parseInline, plainText, safeHref } from './inline-markdown';

describe('inline markdown', () => {
  it('turns backticks into code and keeps the text around them', () => {
    expect(parseInline('A parameter is missing; `param` names it.')).toEqual([
      { kind: 'text', text: 'A parameter is missing; ' },
      { kind: 'code', text: 'param' },
      { kind: 'text', text: ' names it.' },
    ]);
  });

  it('reads bold with code inside, and links with their text', () => {
    expect(parseInline('**Only `file_id`** from [the upload](/api-docs#uploads)')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Only ' }, { kind: 'code', text: 'file_id' }] },
      { kind: 'text', text: ' from ' },
      { kind: 'link', href: '/api-docs#uploads', children: [{ kind: 'text', text: 'the upload' }] },
    ]);
    expect(parseInline('See [FFmpeg](https://ffmpeg.org/ffmpeg-filters.html#xfade).')[1]).toEqual({
      kind: 'link',
      href: 'https://ffmpeg.org/ffmpeg-filters.html#xfade',
      children: [{ kind: 'text', text: 'FFmpeg' }],
    });
  });

  it('leaves markup as text: it is never HTML', () => {
    expect(parseInline('<img src=x onerror=alert(1)> & <b>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)> & <b>' }]);
  });

  it('does not link to script or data addresses, nor to other hosts without a scheme', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<b>x</b>')).toBeUndefined();
    expect(safeHref('//evil.example/x')).toBeUndefined();
    expect(plainText(parseInline('[click](javascript:alert(1))'))).not.toContain('javascript');
    expect(parseInline('[click](javascript:void)')).toEqual([{ kind: 'text', text: 'click' }]);
  });

  it('keeps unmatched markers as they are', () => {
    expect(parseInline('2 ** 3, a ` alone and [brackets]')).toEqual([{ kind: 'text', text: '2 ** 3, a ` alone and [brackets]' }]);
    expect(parseInline('``')).toEqual([{ kind: 'text', text: '``' }]);
  });

  it('gives the plain words for titles', () => {
    expect(plainText(parseInline('Needs **Boost**: `transition`'))).toBe('Needs Boost: transition');
  });
});
