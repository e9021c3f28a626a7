import { parseWhisperJson } from './whisper-output';

// The shape the whisper CLI writes with `--word_timestamps True --output_format json`.
const RECORDED = JSON.stringify({
  text: ' Hello world. Good morning, everyone.',
  segments: [
    {
      id: 0, seek: 0, start: 0.0, end: 2.3, text: ' Hello world.', tokens: [50364, 2425, 1002, 13],
      temperature: 0.0, avg_logprob: -0.21, compression_ratio: 0.8, no_speech_prob: 0.01,
      words: [
        { word: ' Hello', start: 0.14, end: 0.78, probability: 0.93 },
        { word: ' world.', start: 1.6, end: 2.24, probability: 0.98 },
      ],
    },
    {
      id: 1, seek: 0, start: 3.0, end: 6.2, text: ' Good morning, everyone.', tokens: [2205, 2446, 11, 1518, 13],
      temperature: 0.0, avg_logprob: -0.3, compression_ratio: 0.8, no_speech_prob: 0.02,
      words: [
        { word: ' Good', start: 3.04, end: 3.38, probability: 0.9 },
        { word: ' morning,', start: 4.19, end: 4.8, probability: 0.97 },
        { word: ' everyone.', start: 5.58, end: 6.11, probability: 0.99 },
      ],
    },
  ],
  language: 'en',
});

describe('parseWhisperJson', () => {
  it('takes every word of every segment, trimmed, with its timings', () => {
    expect(parseWhisperJson(RECORDED)).toEqual([
      { text: 'Hello', start: 0.14, end: 0.78 },
      { text: 'world.', start: 1.6, end: 2.24 },
      { text: 'Good', start: 3.04, end: 3.38 },
      { text: 'morning,', start: 4.19, end: 4.8 },
      { text: 'everyone.', start: 5.58, end: 6.11 },
    ]);
  });

  it('skips malformed words and segments without words', () => {
    const json = JSON.stringify({ segments: [{ text: ' x' }, { words: [{ word: ' a', start: 'x', end: 1 }, { word: ' ', start: 1, end: 2 }, { word: 'ok', start: 2, end: 2.5 }] }] });
    expect(parseWhisperJson(json)).toEqual([{ text: 'ok', start: 2, end: 2.5 }]);
  });

  it('returns nothing for a result without speech', () => {
    expect(parseWhisperJson(JSON.stringify({ text: '', segments: [], language: 'en' }))).toEqual([]);
  });
});
