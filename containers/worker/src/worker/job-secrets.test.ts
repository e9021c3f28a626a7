import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyFileSealer, sealJobSecrets, type JobRepository, type MediaStorage, type Sealer } from '@frameforge/functions/jobs';
import type { MediaJobMessage } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { Providers } from '../providers';
import { VoiceApiError, type VoiceProvider } from '../providers/voice-provider';
import { InputRejectedError } from '../operations/operation';
import { hideSecrets, openSecrets } from './job-secrets';
import { processJob } from './process-job';
import { recordOf } from './process-job-test-support';

// The voice provider the operations get: whatever a test makes it do, for the key it was given.
const mockVoiceFor = jest.fn<VoiceProvider, [string | undefined]>();
const unused = () => Promise.reject(new Error('not used by a voices job'));
const providers: Providers = {
  voice: (apiKey) => mockVoiceFor(apiKey),
  separation: { separate: unused },
  speechToText: { transcribe: unused },
};

const KEY = 'sk_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
let workDir: string;
let sealer: Sealer;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'job-secrets-'));
  sealer = new KeyFileSealer(join(workDir, 'sealing.key'));
});
beforeEach(() => mockVoiceFor.mockReset());

async function voicesJob(sealedFor?: { userId: string; jobId: string }): Promise<MediaJobMessage> {
  const owner = { userId: 'user-1', jobId: randomUUID() };
  const secrets = await sealJobSecrets(sealer, sealedFor ?? owner, { elevenlabs_key: KEY });
  return { type: 'voices', params: {}, ...owner, tier: 'basic', inputs: [], secrets };
}

/** A jobs table in memory that records every call made to it. */
function recordingJobs(message: MediaJobMessage) {
  const calls: { method: string; args: unknown[] }[] = [];
  const record = recordOf(message);
  const answers: Record<string, unknown> = { get: record, claim: true, extendLease: true, recordCallbackAttempt: false };
  const jobs = new Proxy({} as JobRepository, {
    get: (_target, method: string) => async (...args: unknown[]) => {
      calls.push({ method, args });
      return answers[method];
    },
  });
  return { jobs, calls };
}

const noStorage = new Proxy({} as MediaStorage, {
  get: () => () => Promise.reject(new Error('storage is not used by this job')),
});

describe('a job\'s secrets in the worker', () => {
  it('hands the opened key to the voice provider and keeps it out of the job error', async () => {
    const message = await voicesJob();
    mockVoiceFor.mockImplementation((apiKey) => ({
      voices: () => Promise.reject(new VoiceApiError('unauthorized', 401, `invalid api key '${apiKey ?? ''}'`)),
      textToSpeech: () => Promise.reject(new Error('unused')),
      speechToSpeech: () => Promise.reject(new Error('unused')),
    }));
    const { jobs, calls } = recordingJobs(message);
    expect(await processJob(message, { jobs, storage: noStorage, workDir, sealer, providers })).toBe('done');
    expect(mockVoiceFor).toHaveBeenCalledWith(KEY);
    const failed = calls.find((c) => c.method === 'fail');
    expect(failed?.args[1]).toMatchObject({ code: 'voice_auth_failed', message: expect.stringContaining("invalid api key '[redacted]'") as unknown });
    expect(JSON.stringify(calls)).not.toContain(KEY);
  });

  it('keeps the key out of an error that is ours to retry, which the worker logs', async () => {
    const message = await voicesJob();
    mockVoiceFor.mockImplementation((apiKey) => ({
      voices: () => Promise.reject(new Error(`socket closed while sending xi-api-key: ${apiKey ?? ''}`, { cause: { header: apiKey } })),
      textToSpeech: () => Promise.reject(new Error('unused')),
      speechToSpeech: () => Promise.reject(new Error('unused')),
    }));
    const { jobs, calls } = recordingJobs(message);
    const error = (await processJob(message, { jobs, storage: noStorage, workDir, sealer, providers }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('socket closed while sending xi-api-key: [redacted]');
    expect(`${error.stack ?? ''}${JSON.stringify(error.cause)}`).not.toContain(KEY);
    expect(calls.map((c) => c.method)).toContain('releaseLease');
    expect(JSON.stringify(calls)).not.toContain(KEY);
  });

  it('fails a job whose key was sealed for another job, without calling the provider', async () => {
    const message = await voicesJob({ userId: 'user-1', jobId: randomUUID() });
    const { jobs, calls } = recordingJobs(message);
    expect(await processJob(message, { jobs, storage: noStorage, workDir, sealer, providers })).toBe('done');
    expect(calls.find((c) => c.method === 'fail')?.args[1]).toMatchObject({ code: 'secret_unreadable', param: null });
    expect(mockVoiceFor).not.toHaveBeenCalled();
  });
});

describe('opening secrets', () => {
  it('opens nothing for a job without secrets', async () => {
    const message = await voicesJob();
    const failing: Sealer = { seal: () => Promise.reject(new Error('no')), open: () => Promise.reject(new Error('no')) };
    expect(await openSecrets({ ...message, secrets: undefined }, failing)).toEqual({});
  });

  it('leaves a key service failure to be retried, and refuses a value that does not open', async () => {
    const message = await voicesJob();
    const unreachable = new Error('connect ETIMEDOUT kms.us-east-1.amazonaws.com');
    await expect(openSecrets(message, { seal: () => Promise.reject(unreachable), open: () => Promise.reject(unreachable) })).rejects.toBe(unreachable);
    await expect(openSecrets({ ...message, userId: 'user-2' }, sealer)).rejects.toBeInstanceOf(InputRejectedError);
    expect(await openSecrets(message, sealer)).toEqual({ elevenlabsKey: KEY });
  });
});

describe('hiding secrets in errors', () => {
  it('masks the key in messages, stacks, details, job errors and causes, keeping the error\'s type', () => {
    const voice = new VoiceApiError('invalid_request', 422, `bad key ${KEY}`);
    const rejected = new InputRejectedError({ code: 'x', message: `Error: ${KEY}`, param: null, hint: `use ${KEY}` });
    const outer = new Error(`wrapped ${KEY}`, { cause: new AggregateError([voice, rejected], KEY) });
    const hidden = hideSecrets(outer, [KEY, undefined]) as Error;
    expect(hidden).toBe(outer);
    expect(voice).toBeInstanceOf(VoiceApiError);
    expect(voice.detail).toBe('bad key [redacted]');
    expect(rejected.jobError).toEqual({ code: 'x', message: 'Error: [redacted]', param: null, hint: 'use [redacted]' });
    for (const error of [outer, outer.cause as Error, voice, rejected]) expect(`${error.message}${error.stack ?? ''}`).not.toContain(KEY);
  });

  it('replaces an error it cannot change, and masks thrown text', () => {
    const frozen = Object.freeze(new Error(`frozen ${KEY}`));
    const hidden = hideSecrets(frozen, [KEY]) as Error;
    expect(hidden.message).toBe('frozen [redacted]');
    expect(hideSecrets(`thrown ${KEY}`, [KEY])).toBe('thrown [redacted]');
    const untouched = new Error('nothing secret');
    expect(hideSecrets(untouched, [])).toBe(untouched);
  });
});
