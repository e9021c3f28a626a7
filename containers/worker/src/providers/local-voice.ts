import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BUILT_IN_VOICES } from '@frameforge/functions/features/jobs/contracts/voices';
import { runFfmpeg } from '../ffmpeg/run-ffmpeg';
import { atempoChain } from './atempo';
import type { SpeechToSpeechRequest, TextToSpeechRequest, VoiceInfo, VoiceOutputFormat, VoiceProvider } from './voice-provider';

type FliteVoice = 'kal' | 'slt' | 'awb' | 'rms';

interface LocalVoice extends VoiceInfo {
  flite: FliteVoice;
  /** Pitch factor and formant handling for speech to speech. */
  pitch: number;
  formant: 'shifted' | 'preserved';
}

/** How each built-in voice is made; the list itself is the API's (`BUILT_IN_VOICES`), which refuses any other id. */
const ENGINE_SETTINGS: Record<string, Omit<LocalVoice, keyof VoiceInfo>> = {
  'local-kal': { flite: 'kal', pitch: 0.85, formant: 'preserved' },
  'local-slt': { flite: 'slt', pitch: 1.3, formant: 'shifted' },
  'local-awb': { flite: 'awb', pitch: 0.75, formant: 'shifted' },
  'local-rms': { flite: 'rms', pitch: 0.7, formant: 'preserved' },
};

/** A fixed list: the local provider has no account and no custom voices. */
export const LOCAL_VOICES: readonly LocalVoice[] = BUILT_IN_VOICES.map((voice) => {
  const settings = ENGINE_SETTINGS[voice.voice_id];
  if (!settings) throw new Error(`the built-in voice ${voice.voice_id} has no engine settings`);
  return { ...voice, ...settings };
});

/**
 * Any id resolves, so requests written for a hosted provider's ids (sent
 * with a key of the caller's own) still run on a local stack: other ids land
 * on a list entry by a stable hash.
 */
export function localVoiceFor(voiceId: string): LocalVoice {
  const known = LOCAL_VOICES.find((v) => v.voice_id === voiceId);
  if (known) return known;
  let hash = 0;
  for (const char of voiceId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return LOCAL_VOICES[hash % LOCAL_VOICES.length] as LocalVoice;
}

/** Output encoding for a voice format, resampled to its rate. */
export function encodeArgs(format: VoiceOutputFormat): string[] {
  return format === 'wav_44100' ? ['-ar', '44100', '-c:a', 'pcm_s16le'] : ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k'];
}

/** Paths go into filter options; ours are plain, and anything else is refused rather than escaped. */
export function filterSafePath(path: string): string {
  if (!/^[A-Za-z0-9/._-]+$/.test(path)) throw new Error('a working path holds characters that cannot go into a filter option');
  return path;
}

export function ttsArgs(textFile: string, voice: LocalVoice, request: Pick<TextToSpeechRequest, 'settings' | 'outputFormat'>, outPath: string): string[] {
  const filters = [`flite=textfile=${filterSafePath(textFile)}:voice=${voice.flite}`];
  const speed = request.settings.speed;
  if (speed !== undefined && speed !== 1) filters.push(...atempoChain(speed));
  return ['-f', 'lavfi', '-i', filters.join(','), ...encodeArgs(request.outputFormat), outPath];
}

export function stsArgs(voice: LocalVoice, request: Pick<SpeechToSpeechRequest, 'audioPath' | 'removeBackgroundNoise' | 'outputFormat'>, outPath: string): string[] {
  const filters = [
    ...(request.removeBackgroundNoise ? ['afftdn=nf=-25'] : []),
    `rubberband=pitch=${voice.pitch}:formant=${voice.formant}`,
  ];
  return ['-i', request.audioPath, '-vn', '-af', filters.join(','), ...encodeArgs(request.outputFormat), outPath];
}

/** Speech from ffmpeg alone: flite for text, rubberband for conversion. */
export class LocalVoiceProvider implements VoiceProvider {
  async textToSpeech(request: TextToSpeechRequest, outPath: string, signal?: AbortSignal): Promise<void> {
    // The caller's text goes into a file of ours: it never becomes part of a filter string.
    const textFile = join(dirname(outPath), `tts-text-${randomUUID()}.txt`);
    await writeFile(textFile, request.text, 'utf8');
    await runFfmpeg({ args: ttsArgs(textFile, localVoiceFor(request.voiceId), request, outPath), signal });
  }

  async speechToSpeech(request: SpeechToSpeechRequest, outPath: string, signal?: AbortSignal): Promise<void> {
    await runFfmpeg({ args: stsArgs(localVoiceFor(request.voiceId), request, outPath), signal });
  }

  async voices(): Promise<VoiceInfo[]> {
    return LOCAL_VOICES.map(({ name, voice_id }) => ({ name, voice_id }));
  }
}
