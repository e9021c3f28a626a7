import { SealedValueError } from '../../../kernel/domain/errors';
import type { Sealer } from '../../../kernel/domain/sealer';
import { jobSecretContext, openJobSecrets, sealJobSecrets } from './job-secrets';

/** A transparent sealer that keeps the context it sealed with and opens only with the same one. */
const recordingSealer = (): Sealer & { contexts: Record<string, string>[] } => {
  const contexts: Record<string, string>[] = [];
  return {
    contexts,
    seal: async (plaintext, context) => {
      contexts.push(context);
      return JSON.stringify({ plaintext: [...plaintext].reverse().join(''), context });
    },
    open: async (sealed, context) => {
      const value = JSON.parse(sealed) as { plaintext: string; context: Record<string, string> };
      if (JSON.stringify(value.context) !== JSON.stringify(context)) throw new SealedValueError('another context');
      return [...value.plaintext].reverse().join('');
    },
  };
};

const owner = { userId: 'user-1', jobId: 'job-1' };

describe('job secrets', () => {
  it('binds each secret to its purpose, owner and job', () => {
    expect(jobSecretContext('elevenlabs_key', owner)).toEqual({ purpose: 'elevenlabs_key', userId: 'user-1', jobId: 'job-1' });
  });

  it('seals for the message and opens for the same job', async () => {
    const sealer = recordingSealer();
    const sealed = await sealJobSecrets(sealer, owner, { elevenlabs_key: 'sk_live_key' });
    expect(sealer.contexts).toEqual([{ purpose: 'elevenlabs_key', userId: 'user-1', jobId: 'job-1' }]);
    expect(sealed?.elevenlabs_key).not.toContain('sk_live_key');
    expect(await openJobSecrets(sealer, { ...owner, secrets: sealed })).toEqual({ elevenlabs_key: 'sk_live_key' });
  });

  it('does not open another job\'s secrets', async () => {
    const sealer = recordingSealer();
    const sealed = await sealJobSecrets(sealer, owner, { elevenlabs_key: 'sk_live_key' });
    await expect(openJobSecrets(sealer, { userId: 'user-1', jobId: 'job-2', secrets: sealed })).rejects.toBeInstanceOf(SealedValueError);
  });

  it('leaves a message without secrets without any', async () => {
    const sealer = recordingSealer();
    expect(await sealJobSecrets(sealer, owner, {})).toBeUndefined();
    expect(await sealJobSecrets(sealer, owner, { elevenlabs_key: undefined })).toBeUndefined();
    expect(await openJobSecrets(sealer, owner)).toEqual({});
    expect(sealer.contexts).toEqual([]);
  });
});
