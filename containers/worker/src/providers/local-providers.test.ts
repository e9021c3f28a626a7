import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia } from '../ffmpeg/probe';
import { LocalSeparationProvider } from './local-separation';
import { LocalVoiceProvider } from './local-voice';

const dir = mkdtempSync(join(tmpdir(), 'frameforge-voice-'));
/** Mean loudness in dB, from volumedetect (which reports on stderr). */
const meanVolume = (path: string) => {
  const { stderr } = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? Number.NEGATIVE_INFINITY);
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local providers, with real ffmpeg', () => {
  const voice = new LocalVoiceProvider();

  it('speaks text with flite, including text that looks like filter syntax', async () => {
    const out = join(dir, 'speech.mp3');
    await voice.textToSpeech({ text: "Hi: voice=kal', [x]; done", voiceId: 'local-kal', settings: { speed: 1.2 }, outputFormat: 'mp3_44100_128' }, out);
    const probe = await probeMedia(out);
    expect(probe?.hasAudio).toBe(true);
    expect(probe?.durationSeconds).toBeGreaterThan(0.5);
    expect(meanVolume(out)).toBeGreaterThan(-50);
  });

  it('converts speech and separates a mix into voice and background', async () => {
    const source = join(dir, 'mix.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', '-ac', '2', source]);
    const converted = join(dir, 'converted.wav');
    await voice.speechToSpeech({ audioPath: source, voiceId: 'local-slt', modelId: 'm', outputFormat: 'wav_44100', removeBackgroundNoise: false }, converted);
    expect((await probeMedia(converted))?.durationSeconds).toBeCloseTo(1, 1);
    const outputs = { voiceOut: join(dir, 'voice.wav'), backgroundOut: join(dir, 'background.wav') };
    await new LocalSeparationProvider().separate(source, outputs);
    expect((await probeMedia(outputs.voiceOut))?.hasAudio).toBe(true);
    expect((await probeMedia(outputs.backgroundOut))?.durationSeconds).toBeCloseTo(1, 1);
  });

  it('lists the fixed local voices', async () => {
    expect((await voice.voices()).map((v) => v.voice_id)).toEqual(['local-kal', 'local-slt', 'local-awb', 'local-rms']);
  });
});
