import { fitArgs, fitTarget } from './fit-speech';

describe('fitting speech to the video', () => {
  it('aims at the video length less a positive offset', () => {
    expect(fitTarget(10, 2000)).toBe(8);
    expect(fitTarget(10, -500)).toBe(10);
  });

  it('speeds long speech up and slows short speech down, chaining atempo, to the exact length', () => {
    expect(fitArgs('/j/s.mp3', '/j/f.wav', 6, 3)).toEqual(['-i', '/j/s.mp3', '-vn', '-af', 'atempo=2.000000,apad=whole_dur=3.000,atrim=end=3.000', '-c:a', 'pcm_s16le', '/j/f.wav']);
    expect(fitArgs('/j/s.mp3', '/j/f.wav', 1, 5)[4]).toBe('atempo=0.5,atempo=0.5,atempo=0.800000,apad=whole_dur=5.000,atrim=end=5.000');
  });
});
