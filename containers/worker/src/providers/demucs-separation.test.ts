import { demucsArgs, demucsStems } from './demucs-separation';

describe('demucs separation arguments', () => {
  it('asks for two stems with the configured model and a fixed file name template', () => {
    expect(demucsArgs('/job/audio.wav', '/job/demucs-x', 'htdemucs')).toEqual([
      '--two-stems=vocals', '-n', 'htdemucs', '-o', '/job/demucs-x', '--filename', '{stem}.{ext}', '/job/audio.wav',
    ]);
  });

  it('finds the stems where demucs writes them', () => {
    expect(demucsStems('/job/d', 'mdx_extra')).toEqual({ vocals: '/job/d/mdx_extra/vocals.wav', background: '/job/d/mdx_extra/no_vocals.wav' });
  });
});
