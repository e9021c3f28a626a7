import { execFileSync } from 'node:child_process';
import { nativeTransitions, parseXfadeTransitions } from './xfade-support';

const HELP = `Filter xfade
xfade AVOptions:
   transition        <int>        ..FV....... set cross fade transition (from -1 to 45) (default fade)
     custom          -1           ..FV....... custom transition
     fade            0            ..FV....... fade transition
     coverleft       50           ..FV.....T. cover left transition
   duration          <duration>   ..FV....... set cross fade duration (default 1)
     notatransition  1            ..FV....... nothing
`;

describe('xfade support', () => {
  it('reads the transition constants only, without custom', () => {
    expect([...parseXfadeTransitions(HELP)]).toEqual(['fade', 'coverleft']);
  });

  it('asks the installed FFmpeg once', async () => {
    const first = await nativeTransitions();
    expect(first.has('fade')).toBe(true);
    expect(first.has('custom')).toBe(false);
    expect(await nativeTransitions()).toBe(first);
    const help = execFileSync('ffmpeg', ['-hide_banner', '-h', 'filter=xfade']).toString();
    expect(first.has('coverleft')).toBe(help.includes(' coverleft '));
  });
});
