import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ElevenLabsVoiceProvider } from './elevenlabs-voice';
import { VoiceApiError } from './voice-provider';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Recorded answers of the real API, replayed by a local stand-in. */
const MP3_BYTES = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x00, 0x00, 0x00]);
const VOICES_JSON = { voices: [{ voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', category: 'premade', labels: {} }, { voice_id: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi' }] };
const KEY = 'sk_test_secret_key';

let server: Server;
let baseUrl = '';
let requests: Recorded[] = [];
let answer: { status: number; type: string; body: Buffer | string } = { status: 200, type: 'audio/mpeg', body: MP3_BYTES };
const dir = mkdtempSync(join(tmpdir(), 'frameforge-eleven-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'content-type': answer.type });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
  answer = { status: 200, type: 'audio/mpeg', body: MP3_BYTES };
});

const provider = () => new ElevenLabsVoiceProvider({ apiKey: KEY, baseUrl });

describe('ElevenLabs voice provider', () => {
  it('sends text to speech as JSON with the key header and writes the audio bytes', async () => {
    const out = join(dir, 'tts.mp3');
    await provider().textToSpeech(
      { text: 'Hello there', voiceId: '21m00Tcm4TlvDq8ikWAM', modelId: 'eleven_multilingual_v2', settings: { stability: 0.5, similarity_boost: 0.75, style: 0, speed: 1.1 }, outputFormat: 'mp3_44100_128' },
      out,
    );
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM?output_format=mp3_44100_128');
    expect(request?.headers['xi-api-key']).toBe(KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({
      text: 'Hello there',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, speed: 1.1 },
    });
    expect(readFileSync(out)).toEqual(MP3_BYTES);
  });

  it('leaves out a model and settings the caller did not give, and escapes the voice id in the path', async () => {
    await provider().textToSpeech({ text: 'x', voiceId: 'a/b?c', settings: {}, outputFormat: 'wav_44100' }, join(dir, 'tts.wav'));
    expect(requests[0]?.url).toBe('/v1/text-to-speech/a%2Fb%3Fc?output_format=wav_44100');
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({ text: 'x' });
  });

  it('sends speech to speech as multipart with audio, model_id and remove_background_noise', async () => {
    const audio = join(dir, 'voice.wav');
    writeFileSync(audio, Buffer.from('RIFF-fake-audio'));
    const out = join(dir, 'sts.mp3');
    await provider().speechToSpeech(
      { audioPath: audio, voiceId: 'AZnzlk1XvdvUeBnXmlld', modelId: 'eleven_english_sts_v2', outputFormat: 'mp3_44100_128', removeBackgroundNoise: true },
      out,
    );
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/speech-to-speech/AZnzlk1XvdvUeBnXmlld?output_format=mp3_44100_128');
    expect(request?.headers['xi-api-key']).toBe(KEY);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request?.body.toString() ?? '';
    expect(body).toMatch(/name="audio"; filename="voice.wav"\r\n[^]*RIFF-fake-audio/);
    expect(body).toMatch(/name="model_id"\r\n\r\neleven_english_sts_v2\r\n/);
    expect(body).toMatch(/name="remove_background_noise"\r\n\r\ntrue\r\n/);
    expect(readFileSync(out)).toEqual(MP3_BYTES);
  });

  it('lists voices as name and voice_id', async () => {
    answer = { status: 200, type: 'application/json', body: JSON.stringify(VOICES_JSON) };
    expect(await provider().voices()).toEqual([
      { name: 'Rachel', voice_id: '21m00Tcm4TlvDq8ikWAM' },
      { name: 'Domi', voice_id: 'AZnzlk1XvdvUeBnXmlld' },
    ]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/v1/voices' });
    expect(requests[0]?.headers['xi-api-key']).toBe(KEY);
  });

  it.each([
    [401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } }, 'unauthorized', 'Invalid API key'],
    [422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] }, 'invalid_request', 'field required'],
    [429, { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests' } }, 'rate_limited', 'Too many concurrent requests'],
    [500, 'upstream exploded', 'failed', 'upstream exploded'],
  ])('turns a %i answer into a typed error without the key', async (status, body, kind, detail) => {
    answer = { status, type: typeof body === 'string' ? 'text/plain' : 'application/json', body: typeof body === 'string' ? body : JSON.stringify(body) };
    const error = await provider().voices().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceApiError);
    expect(error).toMatchObject({ kind, status, detail });
    expect(String((error as Error).message)).not.toContain(KEY);
  });

  it('reports an unreachable service as a failure', async () => {
    const error = await new ElevenLabsVoiceProvider({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9' }).voices().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'failed', status: 0 });
  });
});
