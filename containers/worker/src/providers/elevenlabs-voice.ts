import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  VoiceApiError,
  type SpeechToSpeechRequest,
  type TextToSpeechRequest,
  type VoiceInfo,
  type VoiceProvider,
} from './voice-provider';

export interface ElevenLabsOptions {
  /** The caller's own key: sent only in the request header, never logged or stored. */
  apiKey: string;
  baseUrl: string;
}

const KIND_BY_STATUS = { 401: 'unauthorized', 422: 'invalid_request', 429: 'rate_limited' } as const;

/** ElevenLabs over plain HTTP. */
export class ElevenLabsVoiceProvider implements VoiceProvider {
  private readonly baseUrl: string;

  constructor(private readonly options: ElevenLabsOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async textToSpeech(request: TextToSpeechRequest, outPath: string, signal?: AbortSignal): Promise<void> {
    const settings = Object.fromEntries(Object.entries(request.settings).filter(([, v]) => v !== undefined));
    const body = {
      text: request.text,
      ...(request.modelId ? { model_id: request.modelId } : {}),
      ...(Object.keys(settings).length ? { voice_settings: settings } : {}),
    };
    const response = await this.call(
      `/v1/text-to-speech/${encodeURIComponent(request.voiceId)}?output_format=${request.outputFormat}`,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'audio/*' }, body: JSON.stringify(body) },
      signal,
    );
    await writeFile(outPath, Buffer.from(await response.arrayBuffer()));
  }

  async speechToSpeech(request: SpeechToSpeechRequest, outPath: string, signal?: AbortSignal): Promise<void> {
    const form = new FormData();
    form.append('audio', new Blob([await readFile(request.audioPath)]), basename(request.audioPath));
    form.append('model_id', request.modelId);
    form.append('remove_background_noise', String(request.removeBackgroundNoise));
    const response = await this.call(
      `/v1/speech-to-speech/${encodeURIComponent(request.voiceId)}?output_format=${request.outputFormat}`,
      { method: 'POST', headers: { accept: 'audio/*' }, body: form },
      signal,
    );
    await writeFile(outPath, Buffer.from(await response.arrayBuffer()));
  }

  async voices(signal?: AbortSignal): Promise<VoiceInfo[]> {
    const response = await this.call('/v1/voices', { method: 'GET', headers: { accept: 'application/json' } }, signal);
    const data = (await response.json()) as { voices?: { name?: unknown; voice_id?: unknown }[] };
    return (data.voices ?? [])
      .filter((v) => typeof v.voice_id === 'string')
      .map((v) => ({ name: typeof v.name === 'string' ? v.name : '', voice_id: v.voice_id as string }));
  }

  private async call(path: string, init: RequestInit & { headers: Record<string, string> }, signal?: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { ...init, headers: { ...init.headers, 'xi-api-key': this.options.apiKey }, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new VoiceApiError('failed', 0, `the voice service could not be reached (${(error as Error).message})`);
    }
    if (response.ok) return response;
    const status = response.status as keyof typeof KIND_BY_STATUS;
    throw new VoiceApiError(KIND_BY_STATUS[status] ?? 'failed', response.status, await errorDetail(response));
  }
}

/** ElevenLabs explains errors as `detail`: a string, `{message}` or a list of `{msg}`. */
async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const { detail } = JSON.parse(text) as { detail?: unknown };
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return detail.map((d: { msg?: unknown }) => String(d?.msg ?? '')).filter(Boolean).join('; ');
    if (detail && typeof detail === 'object' && 'message' in detail) return String(detail.message);
  } catch {
    // Not JSON: the body itself, shortened, is the best explanation there is.
  }
  return text.slice(0, 300);
}
