import { atempoChain } from './atempo';
import { encodeArgs, filterSafePath, LOCAL_VOICES, localVoiceFor, stsArgs, ttsArgs } from './local-voice';

describe('atempo chains', () => {
  it('uses one filter inside 0.5-2.0', () => {
    expect(atempoChain(1.25)).toEqual(['atempo=1.250000']);
  });

  it('chains outside that range, the product being the factor', () => {
    expect(atempoChain(5)).toEqual(['atempo=2', 'atempo=2', 'atempo=1.250000']);
    expect(atempoChain(0.2)).toEqual(['atempo=0.5', 'atempo=0.5', 'atempo=0.800000']);
    expect(atempoChain(4)).toEqual(['atempo=2', 'atempo=2.000000']);
  });

  it('refuses a factor that is not positive', () => {
    expect(() => atempoChain(0)).toThrow();
  });
});

describe('local voices', () => {
  it('resolves listed ids and maps any other id stably onto the list', () => {
    expect(localVoiceFor('local-slt').flite).toBe('slt');
    const other = localVoiceFor('21m00Tcm4TlvDq8ikWAM');
    expect(LOCAL_VOICES).toContain(other);
    expect(localVoiceFor('21m00Tcm4TlvDq8ikWAM')).toBe(other);
  });

  it('speaks the text from a file of ours, never from the filter string', () => {
    const args = ttsArgs('/job/tts-text-1.txt', localVoiceFor('local-awb'), { settings: { speed: 1.1 }, outputFormat: 'mp3_44100_128' }, '/job/s.mp3');
    expect(args).toEqual(['-f', 'lavfi', '-i', 'flite=textfile=/job/tts-text-1.txt:voice=awb,atempo=1.100000', ...encodeArgs('mp3_44100_128'), '/job/s.mp3']);
  });

  it('refuses a working path that would need escaping in a filter', () => {
    expect(() => filterSafePath("/job/x:voice=kal'.txt")).toThrow();
  });

  it('converts speech with the voice preset pitch and formant', () => {
    const args = stsArgs(localVoiceFor('local-slt'), { audioPath: '/job/v.wav', removeBackgroundNoise: true, outputFormat: 'wav_44100' }, '/job/c.wav');
    expect(args).toEqual(['-i', '/job/v.wav', '-vn', '-af', 'afftdn=nf=-25,rubberband=pitch=1.3:formant=shifted', '-ar', '44100', '-c:a', 'pcm_s16le', '/job/c.wav']);
  });
});
