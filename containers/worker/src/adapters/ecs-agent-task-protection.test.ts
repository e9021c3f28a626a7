import { EcsAgentTaskProtection, TaskProtectionError } from './ecs-agent-task-protection';

function agent(status: number, body: unknown) {
  const requests: { url: string; method?: string; body: unknown }[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

describe('EcsAgentTaskProtection', () => {
  it('puts the documented state to the agent: protected for the configured minutes, then not', async () => {
    const { requests, fetch } = agent(200, { protection: { ProtectionEnabled: true } });
    const protection = new EcsAgentTaskProtection({ agentUri: 'http://169.254.170.2/api/abc/', expiresInMinutes: 60, fetch });
    await protection.protect();
    await protection.release();
    expect(requests).toEqual([
      { url: 'http://169.254.170.2/api/abc/task-protection/v1/state', method: 'PUT', body: { ProtectionEnabled: true, ExpiresInMinutes: 60 } },
      { url: 'http://169.254.170.2/api/abc/task-protection/v1/state', method: 'PUT', body: { ProtectionEnabled: false } },
    ]);
  });

  it('throws when the agent reports a failure, even with a 200', async () => {
    const { fetch } = agent(200, { failure: { Arn: 'arn', Reason: 'TASK_NOT_VALID' } });
    const protection = new EcsAgentTaskProtection({ agentUri: 'http://agent', expiresInMinutes: 5, fetch });
    await expect(protection.protect()).rejects.toThrow(TaskProtectionError);
  });

  it('throws on an error status', async () => {
    const { fetch } = agent(400, { error: { Code: 'AccessDeniedException', Message: 'not authorized' } });
    const protection = new EcsAgentTaskProtection({ agentUri: 'http://agent', expiresInMinutes: 5, fetch });
    await expect(protection.release()).rejects.toThrow(/AccessDeniedException/);
  });
});
