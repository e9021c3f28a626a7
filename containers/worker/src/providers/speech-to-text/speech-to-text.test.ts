import { speechToTextConfigSchema } from '../../config';
import { createSpeechToText } from './index';
import { PocketsphinxSpeechToText } from './pocketsphinx';
import { WhisperSpeechToText, whisperArgs, whisperJsonPath } from './whisper';

describe('speech to text configuration', () => {
  it('uses pocketsphinx by default and whisper when configured', () => {
    expect(createSpeechToText(speechToTextConfigSchema.parse({}))).toBeInstanceOf(PocketsphinxSpeechToText);
    expect(createSpeechToText(speechToTextConfigSchema.parse({ STT_PROVIDER: 'whisper' }))).toBeInstanceOf(WhisperSpeechToText);
    expect(() => speechToTextConfigSchema.parse({ STT_PROVIDER: 'other' })).toThrow();
  });

  it('uses whisper by default in production', () => {
    expect(createSpeechToText(speechToTextConfigSchema.parse({ NODE_ENV: 'production' }))).toBeInstanceOf(WhisperSpeechToText);
  });

  it('refuses languages other than English on pocketsphinx before running anything', async () => {
    await expect(new PocketsphinxSpeechToText().transcribe('/nonexistent.wav', { language: 'fr', vadFilter: true, beamSize: 5 })).rejects.toMatchObject({
      jobError: { code: 'language_unsupported', param: 'language' },
    });
  });

  it('asks whisper for word timestamps as JSON, with the language, beam and VAD setting', () => {
    const args = whisperArgs('/w/audio.wav', '/w/out', { bin: 'whisper', model: 'small', vadFlag: true }, { language: 'de', vadFilter: false, beamSize: 3 });
    expect(args[0]).toBe('/w/audio.wav');
    expect(args.join(' ')).toContain('--language de');
    expect(args.join(' ')).toContain('--word_timestamps True');
    expect(args.join(' ')).toContain('--output_format json');
    expect(args.join(' ')).toContain('--beam_size 3');
    expect(args.join(' ')).toContain('--vad_filter False');
    expect(whisperArgs('/a.wav', '/o', { bin: 'whisper', model: 'small', vadFlag: false }, { language: 'en', vadFilter: true, beamSize: 5 })).not.toContain('--vad_filter');
    expect(whisperArgs('/a.wav', '/o', { bin: 'whisper', model: 'small', modelDir: '/models', vadFlag: false }, { language: 'en', vadFilter: true, beamSize: 5 }).join(' ')).toContain('--model small --model_dir /models');
    expect(whisperJsonPath('/w/audio.wav', '/w/out')).toBe('/w/out/audio.json');
  });
});
