import { redubParamsSchema } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import { planBackground, redubArgs, redubFilterGraph } from './redub-graph';

const params = (raw: Record<string, unknown> = {}) => redubParamsSchema.parse({ normalize: false, ...raw });
const VIDEO = { kind: 'video', centerRemove: false } as const;

describe('redub background plan', () => {
  it('replace + keep is voice only; mix + keep keeps the soundtrack', () => {
    expect(planBackground({ bg_source: 'keep', mode: 'replace' }, true)).toEqual({ kind: 'none' });
    expect(planBackground({ bg_source: 'keep', mode: 'mix' }, true)).toEqual(VIDEO);
  });

  it('centerremove uses the video audio with the centre cancelled, external and separate a file', () => {
    for (const mode of ['replace', 'mix'] as const) {
      expect(planBackground({ bg_source: 'centerremove', mode }, true)).toEqual({ kind: 'video', centerRemove: true });
      expect(planBackground({ bg_source: 'external', mode }, true)).toEqual({ kind: 'file' });
      expect(planBackground({ bg_source: 'separate', mode }, true)).toEqual({ kind: 'file' });
    }
  });

  it('a silent video has no soundtrack to keep or centre-remove', () => {
    expect(planBackground({ bg_source: 'keep', mode: 'mix' }, false)).toEqual({ kind: 'none' });
    expect(planBackground({ bg_source: 'centerremove', mode: 'mix' }, false)).toEqual({ kind: 'none' });
  });
});

describe('redub filter graph', () => {
  it('voice only: stereo voice padded and cut to the video length', () => {
    expect(redubFilterGraph(params(), { kind: 'none' }, 3)).toBe(
      '[1:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[voice];' +
        '[voice]apad=whole_dur=3.000,atrim=end=3.000[aout]',
    );
  });

  it('mixes the voice over the video audio without renormalising levels', () => {
    const graph = redubFilterGraph(params({ mode: 'mix' }), VIDEO, 2.5);
    expect(graph).toContain('[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[bg]');
    expect(graph).toContain('[voice][bg]amix=inputs=2:duration=longest:normalize=0[mixed]');
    expect(graph).toContain('[mixed]apad=whole_dur=2.500,atrim=end=2.500[aout]');
  });

  it('cancels the centre channel for centerremove', () => {
    expect(redubFilterGraph(params({ bg_source: 'centerremove' }), { kind: 'video', centerRemove: true }, 2)).toContain(
      '[0:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,pan=stereo|c0=c0-c1|c1=c1-c0[bg]',
    );
  });

  it('reads a file background from the third input', () => {
    const graph = redubFilterGraph(params({ bg_source: 'external' }), { kind: 'file' }, 2);
    expect(graph).toContain('[2:a:0]aresample');
    expect(graph).not.toContain('[0:a:0]');
  });

  it('ducks the background with the voice as sidechain key', () => {
    const graph = redubFilterGraph(params({ mode: 'mix', duck: 'true' }), VIDEO, 2);
    expect(graph).toContain('[voice]asplit=2[voicemix][voicekey]');
    expect(graph).toMatch(/\[bg\]\[voicekey\]sidechaincompress=[^;]*\[bgducked\]/);
    expect(graph).toContain('[voicemix][bgducked]amix=');
  });

  it('ignores duck when there is no background', () => {
    expect(redubFilterGraph(params({ duck: true }), { kind: 'none' }, 2)).not.toContain('sidechaincompress');
  });

  it('delays the voice for a positive offset and trims it for a negative one', () => {
    expect(redubFilterGraph(params({ offset_ms: 1500 }), { kind: 'none' }, 3)).toContain('channel_layouts=stereo,adelay=1500:all=1[voice]');
    expect(redubFilterGraph(params({ offset_ms: -250 }), { kind: 'none' }, 3)).toContain(
      'channel_layouts=stereo,atrim=start=0.250,asetpts=PTS-STARTPTS[voice]',
    );
  });

  it('applies gains in dB only when not zero', () => {
    const graph = redubFilterGraph(params({ mode: 'mix', voice_gain: '3.5', bg_gain: -12 }), VIDEO, 2);
    expect(graph).toContain('stereo,volume=3.5dB[voice]');
    expect(graph).toContain('stereo,volume=-12dB[bg]');
    expect(redubFilterGraph(params({ mode: 'mix' }), VIDEO, 2)).not.toContain('volume=');
  });

  it('normalises loudness before padding, back at 48 kHz', () => {
    expect(redubFilterGraph(params({ normalize: true }), { kind: 'none' }, 2)).toContain(
      '[voice]loudnorm=I=-16:TP=-1.5:LRA=11,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad=whole_dur=2.000,atrim=end=2.000[aout]',
    );
  });
});

describe('redub arguments', () => {
  const files = { video: '/j/in-0.mp4', voice: '/j/in-1.wav', output: '/j/out.mp4' };

  it('copies the picture and encodes AAC 192k', () => {
    const args = redubArgs(files, params(), { kind: 'none' }, 2);
    expect(args.slice(0, 4)).toEqual(['-i', '/j/in-0.mp4', '-i', '/j/in-1.wav']);
    expect(args.join(' ')).toContain('-map 0:v:0 -map [aout] -c:v copy -c:a aac -b:a 192k');
    expect(args.at(-1)).toBe('/j/out.mp4');
  });

  it('adds the background file as the third input, and insists on it', () => {
    expect(redubArgs({ ...files, background: '/j/bg.wav' }, params(), { kind: 'file' }, 2).slice(4, 6)).toEqual(['-i', '/j/bg.wav']);
    expect(() => redubArgs(files, params(), { kind: 'file' }, 2)).toThrow();
  });
});
