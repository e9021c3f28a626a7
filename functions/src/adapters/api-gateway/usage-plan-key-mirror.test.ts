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
const plans = { basic: 'up-basic', boost: 'up-boost', elite: 'up-elite' };
const keyId = '0b9e3c1e-4a55-4c7e-9a43-6d1f0e2b7a10';
const OWNER = 'FrameForge';

describe('mirroring product keys into usage plans', () => {
  it('creates the gateway key from the key id and puts it in its tier plan only', async () => {
    const { client, sent } = recordingClient({
      CreateApiKeyCommand: (input) => ({ id: 'gk-1', name: input.name, value: input.value, enabled: true }),
      CreateUsagePlanKeyCommand: (input) => ({ id: input.keyId, type: 'API_KEY', name: 'frameforge-x' }),
      DeleteUsagePlanKeyCommand: () => {
        throw awsError('NotFoundException');
      },
    });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'boost');
    expect(sent[0]).toEqual({
      command: 'CreateApiKeyCommand',
      input: { name: `frameforge-${keyId}`, value: 'ffu_0b9e3c1e4a554c7e9a436d1f0e2b7a10', enabled: true, tags: { 'frameforge:stack': OWNER } },
    });
    expect(sent.slice(1)).toEqual([
      { command: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'up-basic', keyId: 'gk-1' } },
      { command: 'CreateUsagePlanKeyCommand', input: { usagePlanId: 'up-boost', keyId: 'gk-1', keyType: 'API_KEY' } },
      { command: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'up-elite', keyId: 'gk-1' } },
    ]);
  });

  it('finds an existing gateway key by name and moves it on a plan change', async () => {
    const { client, sent } = recordingClient({
      CreateApiKeyCommand: () => {
        throw awsError('ConflictException');
      },
      GetApiKeysCommand: () => ({ items: [{ id: 'gk-7', name: `frameforge-${keyId}`, enabled: true }], position: undefined }),
      CreateUsagePlanKeyCommand: () => {
        throw awsError('ConflictException');
      },
    });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'elite');
    expect(sent.map((s) => `${s.command} ${String(s.input.usagePlanId ?? s.input.nameQuery ?? '')}`)).toEqual([
      'CreateApiKeyCommand ',
      `GetApiKeysCommand frameforge-${keyId}`,
      'DeleteUsagePlanKeyCommand up-basic',
      'DeleteUsagePlanKeyCommand up-boost',
      'CreateUsagePlanKeyCommand up-elite',
    ]);
  });

  it('takes a key out of every plan when its subscription ended', async () => {
    const { client, sent } = recordingClient({ CreateApiKeyCommand: () => ({ id: 'gk-1' }) });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, null);
    expect(sent.filter((s) => s.command === 'DeleteUsagePlanKeyCommand')).toHaveLength(3);
    expect(sent.some((s) => s.command === 'CreateUsagePlanKeyCommand')).toBe(false);
  });

  it('deletes a revoked key from every plan, then the gateway key itself', async () => {
    const { client, sent } = recordingClient({
      GetApiKeysCommand: () => ({ items: [{ id: 'gk-other', name: `frameforge-${keyId}-x` }, { id: 'gk-7', name: `frameforge-${keyId}`, enabled: true }] }),
      DeleteUsagePlanKeyCommand: (input) => {
        if (input.usagePlanId !== 'up-boost') throw awsError('NotFoundException');
        return {};
      },
      DeleteApiKeyCommand: () => ({}),
    });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId);
    expect(sent).toEqual([
      { command: 'GetApiKeysCommand', input: { nameQuery: `frameforge-${keyId}`, limit: 5 } },
      { command: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'up-basic', keyId: 'gk-7' } },
      { command: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'up-boost', keyId: 'gk-7' } },
      { command: 'DeleteUsagePlanKeyCommand', input: { usagePlanId: 'up-elite', keyId: 'gk-7' } },
      { command: 'DeleteApiKeyCommand', input: { apiKey: 'gk-7' } },
    ]);
  });

  it('takes a gateway key deleted meanwhile as deleted, so a retry never fails', async () => {
    const { client, sent } = recordingClient({
      GetApiKeysCommand: () => ({ items: [{ id: 'gk-7', name: `frameforge-${keyId}` }] }),
      DeleteUsagePlanKeyCommand: () => {
        throw awsError('NotFoundException');
      },
      DeleteApiKeyCommand: () => {
        throw awsError('NotFoundException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId)).resolves.toBeUndefined();
    expect(sent.at(-1)).toEqual({ command: 'DeleteApiKeyCommand', input: { apiKey: 'gk-7' } });
  });

  it('has nothing to delete when no gateway key has the name', async () => {
    const { client, sent } = recordingClient({ GetApiKeysCommand: () => ({ items: [] }) });
    await new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId);
    expect(sent.map((s) => s.command)).toEqual(['GetApiKeysCommand']);
  });

  it('lets a refused deletion fail, so the caller retries it', async () => {
    const { client } = recordingClient({
      GetApiKeysCommand: () => ({ items: [{ id: 'gk-7', name: `frameforge-${keyId}` }] }),
      DeleteApiKeyCommand: () => {
        throw awsError('AccessDeniedException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).remove(keyId)).rejects.toThrow('AccessDeniedException');
  });

  it('does not hide other failures', async () => {
    const { client } = recordingClient({
      CreateApiKeyCommand: () => {
        throw awsError('TooManyRequestsException');
      },
    });
    await expect(new ApiGatewayUsagePlanKeyMirror(client, plans, OWNER).place(keyId, 'basic')).rejects.toThrow(
      'TooManyRequestsException',
    );
  });
});
