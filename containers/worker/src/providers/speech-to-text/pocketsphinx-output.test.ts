import { parsePocketsphinxOutput } from './pocketsphinx-output';

// Recorded from pocketsphinx_continuous 0.8 with `-time yes -remove_silence no`.
const RECORDED = `hello world did morning everyone
<s> 0.000 0.130 1.000000
hello(2) 0.140 0.790 0.999900
<sil> 0.800 1.420 0.999700
[NOISE] 1.430 1.590 0.998201
world 1.600 2.300 0.997802
<sil> 2.310 2.820 0.999800
did 3.030 3.470 0.324708
++UM++ 3.480 3.980 0.999800
morning 4.170 4.890 0.999900
everyone 5.560 6.170 0.999900
</s> 6.180 6.260 1.000000
`;

describe('parsePocketsphinxOutput', () => {
  it('keeps the words with their timings and drops markers and fillers', () => {
    expect(parsePocketsphinxOutput(RECORDED)).toEqual([
      { text: 'hello', start: 0.14, end: 0.79 },
      { text: 'world', start: 1.6, end: 2.3 },
      { text: 'did', start: 3.03, end: 3.47 },
      { text: 'morning', start: 4.17, end: 4.89 },
      { text: 'everyone', start: 5.56, end: 6.17 },
    ]);
  });

  it('joins several utterances in time order and ignores the hypothesis lines', () => {
    const out = 'second one\nsecond 5.000 5.400 0.9\none 5.410 5.800 0.8\nfirst\nfirst 1.000 1.300 0.9\n';
    expect(parsePocketsphinxOutput(out).map((w) => w.text)).toEqual(['first', 'second', 'one']);
  });

  it('returns nothing for silence', () => {
    expect(parsePocketsphinxOutput('\n<s> 0.000 0.500 1.0\n</s> 0.510 1.000 1.0\n')).toEqual([]);
    expect(parsePocketsphinxOutput('')).toEqual([]);
  });
});
