import type { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { ApiGatewayUsagePlanKeyMirror } from './usage-plan-key-mirror';

type Sent = { command: string; input: Record<string, unknown> };

/** Answers each command as API Gateway does (shapes from its API reference), recording what was sent. */
function recordingClient(answers: Record<string, (input: Record<string, unknown>) => unknown>) {
  const sent: Sent[] = [];
  const client = {
    send: (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      sent.push({ command: name, input: command.input });
      try {
        return Promise.resolve(answers[name]?.(command.input) ?? {});
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  } as unknown as APIGatewayClient;
  return { client, sent };
}

const awsError = (name: string) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 409 } });
const plans = { basic: 'up-basic', boost: 'up-boost', elite: 'up-elite', test: 'up-test' };
const keyId = '0b9e3c1e-4a55-4c7e-9a43-6d1f0e2b7a10';
const OWNER = 'FrameForge';

/** The usage plans' answers to GetUsagePlanKeys: which plan holds the key, as gk-7. */
const heldBy = (...tiers: string[]) => (input: Record<string, unknown>) => ({
  items: tiers.includes(String(input.usagePlanId).replace('up-', '')) ? [{ id: 'gk-other', name: `frameforge-${keyId}-x` }, { id: 'gk-7', name: `frameforge-${keyId}`, type: 'API_KEY' }] : [],
});

describe('mirroring product keys into usage plans', () => {
  it('creates a tagged gateway key from the key id and puts it in its tier plan only', async () => {
    const { client, sent } = recordingClient({
      GetUsagePlanKeysCommand: heldBy(),
      CreateApiKeyCommand: (input) => ({ id: 'gk-1', name: input.name, value: input.value, enabled: true }),
      CreateUsagePlanKeyCommand: (input) => ({ id: input.keyId, type: 'API_KEY', name: 'frameforge-x' }),
    });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'boost');
    expect(sent).toEqual([
      { command: 'GetUsagePlanKeysCommand', input: { usagePlanId: 'up-basic', nameQuery: `frameforge-${keyId}` } },
      { command: 'GetUsagePlanKeysCommand', input: { usagePlanId: 'up-boost', nameQuery: `frameforge-${keyId}` } },
      { command: 'GetUsagePlanKeysCommand', input: { usagePlanId: 'up-elite', nameQuery: `frameforge-${keyId}` } },
      { command: 'GetUsagePlanKeysCommand', input: { usagePlanId: 'up-test', nameQuery: `frameforge-${keyId}` } },
      {
        command: 'CreateApiKeyCommand',
        input: { name: `frameforge-${keyId}`, value: 'ffu_0b9e3c1e4a554c7e9a436d1f0e2b7a10', enabled: true, tags: { 'frameforge:stack': OWNER } },
      },
      { command: 'CreateUsagePlanKeyCommand', input: { usagePlanId: 'up-boost', keyId: 'gk-1', keyType: 'API_KEY' } },
    ]);
  });

  it('finds the gateway key through the plan that holds it and moves it on a plan change', async () => {
    const { client, sent } = recordingClient({ GetUsagePlanKeysCommand: heldBy('basic'), CreateUsagePlanKeyCommand: () => ({}), DeleteUsagePlanKeyCommand: () => ({}) });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'elite');
    expect(sent.slice(4)).toEqual([
      { command: 'CreateUsagePlanKeyCommand', input: { usagePlanId: 'up-elite', keyId: 'gk-7', keyType: 'API_KEY' } },
      { command: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'up-basic', keyId: 'gk-7' } },
    ]);
  });

  it('puts a test key into the test plan, which no tier shares', async () => {
    const { client, sent } = recordingClient({
      GetUsagePlanKeysCommand: heldBy(),
      CreateApiKeyCommand: (input) => ({ id: 'gk-9', name: input.name }),
      CreateUsagePlanKeyCommand: () => ({}),
    });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'test');
    expect(sent.at(-1)).toEqual({ command: 'CreateUsagePlanKeyCommand', input: { usagePlanId: 'up-test', keyId: 'gk-9', keyType: 'API_KEY' } });
  });

  it('deletes the gateway key when its subscription ended, rather than keep a key no plan holds', async () => {
    const { client, sent } = recordingClient({ GetUsagePlanKeysCommand: heldBy('boost'), DeleteApiKeyCommand: () => ({}) });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, null);
    expect(sent.slice(4)).toEqual([{ command: 'DeleteApiKeyCommand', input: { apiKey: 'gk-7' } }]);
  });

  it('deletes a revoked key in one call, which takes it out of its plan too', async () => {
    const { client, sent } = recordingClient({ GetUsagePlanKeysCommand: heldBy('boost'), DeleteApiKeyCommand: () => ({}) });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId);
    expect(sent.map((s) => s.command)).toEqual(['GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'DeleteApiKeyCommand']);
    expect(sent.some((s) => s.command === 'GetApiKeysCommand')).toBe(false);
  });

  it('takes a gateway key deleted meanwhile as deleted, so a retry never fails', async () => {
    const { client } = recordingClient({
      GetUsagePlanKeysCommand: heldBy('elite'),
      DeleteApiKeyCommand: () => {
        throw awsError('NotFoundException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId)).resolves.toBeUndefined();
  });

  it('has nothing to delete when no plan holds the key', async () => {
    const { client, sent } = recordingClient({ GetUsagePlanKeysCommand: heldBy() });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId);
    expect(sent.map((s) => s.command)).toEqual(['GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand']);
  });

  it('lets a refused deletion fail, so the caller retries it', async () => {
    const { client } = recordingClient({
      GetUsagePlanKeysCommand: heldBy('basic'),
      DeleteApiKeyCommand: () => {
        throw awsError('AccessDeniedException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId)).rejects.toThrow('AccessDeniedException');
  });

  it('names a gateway key that exists outside the plans instead of guessing', async () => {
    const { client } = recordingClient({
      GetUsagePlanKeysCommand: heldBy(),
      CreateApiKeyCommand: () => {
        throw awsError('ConflictException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER, [1, 1]).place(keyId, 'basic')).rejects.toThrow(`frameforge-${keyId} exists outside`);
  });

  it('takes a key another call made meanwhile as made, once its plan holds it, and only moves it', async () => {
    let madeElsewhere = false;
    const { client, sent } = recordingClient({
      // The other call puts the key in the Basic plan just after this one's CreateApiKey meets it.
      GetUsagePlanKeysCommand: (input) => (madeElsewhere ? heldBy('basic')(input) : heldBy()(input)),
      CreateApiKeyCommand: () => {
        madeElsewhere = true;
        throw awsError('ConflictException');
      },
      CreateUsagePlanKeyCommand: () => ({}),
      DeleteUsagePlanKeyCommand: () => ({}),
    });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER, [1, 1]).place(keyId, 'elite');
    expect(sent.slice(5).map((s) => s.command)).toEqual(['GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'GetUsagePlanKeysCommand', 'CreateUsagePlanKeyCommand', 'DeleteUsagePlanKeyCommand']);
    expect(sent.slice(-2).map((s) => s.input)).toEqual([
      { usagePlanId: 'up-elite', keyId: 'gk-7', keyType: 'API_KEY' },
      { usagePlanId: 'up-basic', keyId: 'gk-7' },
    ]);
  });

  it('does not hide other failures', async () => {
    const { client } = recordingClient({
      GetUsagePlanKeysCommand: heldBy(),
      CreateApiKeyCommand: () => {
        throw awsError('TooManyRequestsException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'basic')).rejects.toThrow('TooManyRequestsException');
  });
});
