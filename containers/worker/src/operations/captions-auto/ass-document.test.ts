import { CAPTION_ALIGNMENTS, CAPTION_POSITIONS, CAPTION_SPLITS, STYLE_EFFECTS, TEXT_CASES } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { buildAss } from './ass-document';
import { groupWords, PAUSE_SECONDS } from './ass-groups';
import { captionParams, karaokeWordTimings, parseDialogues, spokenWords } from './ass-test-support';

const SIZE = { width: 640, height: 360 };
const SEVEN = spokenWords(['one', 'two', 'three', 'four', 'five', 'six', 'seven']);

describe('grouping', () => {
  const texts = (raw: Record<string, unknown>, words = SEVEN) => groupWords(words, captionParams(raw)).map((g) => g.lines.map((l) => l.map((w) => w.text).join(' ')));

  it('word: max_words_per_line words per line, max_lines lines per caption', () => {
    expect(texts({ split: 'word', max_words_per_line: 2, max_lines: 2 })).toEqual([['one two', 'three four'], ['five six', 'seven']]);
  });

  it('line: one line of max_words_per_line words per caption', () => {
    expect(texts({ split: 'line', max_words_per_line: 3, max_lines: 2 })).toEqual([['one two three'], ['four five six'], ['seven']]);
  });

  it('none: a single line until words per line × lines are reached', () => {
    expect(texts({ split: 'none', max_words_per_line: 2, max_lines: 2 })).toEqual([['one two three four'], ['five six seven']]);
  });

  it('a pause or a sentence end closes a caption early', () => {
    const words = spokenWords(['a', 'b', 'c', 'd']);
    const paused = words.map((w, i) => (i >= 2 ? { ...w, start: w.start + PAUSE_SECONDS + 0.2, end: w.end + PAUSE_SECONDS + 0.2 } : w));
    expect(texts({ split: 'none', max_words_per_line: 5, max_lines: 1 }, paused)).toEqual([['a b'], ['c d']]);
    const sentence = spokenWords(['Hi.', 'How', 'are', 'you?', 'Fine']);
    expect(texts({ split: 'none', max_words_per_line: 10 }, sentence)).toEqual([['Hi.'], ['How are you?'], ['Fine']]);
  });
});

describe('effects', () => {
  const ass = (raw: Record<string, unknown>) => buildAss(SEVEN, captionParams({ max_words_per_line: 3, max_lines: 1, ...raw }), SIZE);

  it('karaoke: a \\k per word in centiseconds, the silences as separator syllables, sung words in the highlight colour', () => {
    const out = ass({ style_effects: 'karaoke', highlight_color: '#00ff00', fill_color: '#ffffff' });
    const [first] = parseDialogues(out);
    expect(first?.text).toContain('\\1c&H00FF00&\\2c&HFFFFFF&');
    expect(first?.text).toContain('{\\k40}one{\\k10} {\\k40}two{\\k10} {\\k40}three');
    expect(karaokeWordTimings(out)).toEqual(SEVEN.map((w) => ({ text: w.text, start: expect.closeTo(w.start, 5), end: expect.closeTo(w.end, 5) })));
  });

  it('fade: \\fad with the fade times', () => {
    expect(parseDialogues(ass({ style_effects: 'fade', fade_in_ms: 200, fade_out_ms: 300 }))[0]?.text).toContain('\\fad(200,300)');
  });

  it('slide: \\move from below to the anchor', () => {
    expect(parseDialogues(ass({ style_effects: 'slide', font_size: 40, pad_v: 10 }))[0]?.text).toContain('\\move(320,380,320,350,0,250)');
  });

  it('enlarge and bounce: \\t scale animations', () => {
    expect(parseDialogues(ass({ style_effects: 'enlarge' }))[0]?.text).toContain('\\fscx85\\fscy85\\t(0,150,\\fscx100\\fscy100)');
    expect(parseDialogues(ass({ style_effects: 'bounce' }))[0]?.text).toContain('\\t(0,100,\\fscx112\\fscy112)\\t(100,200,\\fscx100\\fscy100)');
  });

  it('highlight: one event per word, the spoken word in the highlight colour', () => {
    const events = parseDialogues(ass({ style_effects: 'highlight', highlight_color: '#0000ff', fill_color: '#ffffff' }));
    expect(events).toHaveLength(7);
    expect(events[1]?.text).toContain('one {\\1c&HFF0000&}two{\\1c&HFFFFFF&\\fscx100\\fscy100} three');
    expect(events[1]?.start).toBeCloseTo(1.5, 5);
    expect(events[1]?.end).toBeCloseTo(2, 5);
  });

  it('combinations: fades only at the edges of a caption, slide only as it appears, karaoke keeps spoken words lit', () => {
    const events = parseDialogues(ass({ style_effects: 'karaoke,fade,slide,highlight,enlarge,bounce', fade_in_ms: 100, fade_out_ms: 200 }));
    expect(events[0]?.text).toMatch(/\\move\(.*\\fad\(100,0\)/);
    expect(events[1]?.text).not.toMatch(/\\move|\\fad/);
    expect(events[2]?.text).toContain('\\fad(0,200)');
    expect(events[2]?.text).toContain('{\\k0}one{\\k0} {\\k0}two{\\k0} {\\k40\\1c');
    expect(events[2]?.text).toContain('\\t(0,150,\\fscx115\\fscy115)\\t(150,250,\\fscx127\\fscy127)');
  });

  it('no effects: plain text placed with \\an and \\pos', () => {
    const [first] = parseDialogues(ass({ style_effects: [] }));
    expect(first?.text).toBe('{\\an2\\pos(320,350)}one two three');
  });
});

describe('user text never becomes a tag', () => {
  it('escapes braces, backslashes and newlines in recognised words', () => {
    const out = buildAss(spokenWords(['{\\pos(0,0)}', 'a\\Nb', 'x\ny']), captionParams({ style_effects: [] }), SIZE);
    const [event] = parseDialogues(out);
    expect(event?.text).toBe('{\\an2\\pos(320,350)}(/pos(0,0)) a/Nb x y');
    expect(out.split('\n').filter((l) => l.startsWith('Dialogue:'))).toHaveLength(1);
  });
});

describe('every enumeration value builds a well-formed script', () => {
  const cases = [
    ...CAPTION_POSITIONS.map((position) => ({ position })),
    ...CAPTION_ALIGNMENTS.map((alignment) => ({ alignment })),
    ...CAPTION_SPLITS.map((split) => ({ split })),
    ...TEXT_CASES.map((text_case) => ({ text_case })),
    ...STYLE_EFFECTS.map((style_effects) => ({ style_effects })),
  ];
  it.each(cases)('%p', (raw) => {
    const out = buildAss(SEVEN, captionParams(raw), SIZE);
    const events = parseDialogues(out);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.end).toBeGreaterThan(event.start);
      // Every override block is closed and nothing else holds a brace.
      expect(event.text.replace(/\{[^{}]*\}/g, '')).not.toMatch(/[{}]/);
    }
    const shown = events.map((e) => e.text.replace(/\{[^}]*\}/g, '')).join(' ');
    for (const word of ['one', 'seven']) expect(shown.toLowerCase()).toContain(word);
  });
});
