import type { TaskProtection } from '../worker/task-protection';

export class TaskProtectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskProtectionError';
  }
}

export interface EcsAgentTaskProtectionOptions {
  /** `ECS_AGENT_URI`, which the ECS agent sets in every container of a task. */
  agentUri: string;
  /** How long one protect call holds (1 to 2880 minutes); renewals restart it. */
  expiresInMinutes: number;
  /** The agent is local to the task: a call slower than this is a broken one. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Task scale-in protection through the ECS agent's endpoint. The agent
 * calls UpdateTaskProtection with the task role, so that role needs
 * `ecs:UpdateTaskProtection` on this cluster's tasks.
 */
export class EcsAgentTaskProtection implements TaskProtection {
  private readonly url: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: EcsAgentTaskProtectionOptions) {
    this.url = `${options.agentUri.replace(/\/+$/, '')}/task-protection/v1/state`;
    this.fetch = options.fetch ?? fetch;
  }

  protect(): Promise<void> {
    return this.put({ ProtectionEnabled: true, ExpiresInMinutes: this.options.expiresInMinutes });
  }

  release(): Promise<void> {
    return this.put({ ProtectionEnabled: false });
  }

  private async put(body: { ProtectionEnabled: boolean; ExpiresInMinutes?: number }): Promise<void> {
    const response = await this.fetch(this.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    const text = await response.text();
    // A refused update (no permission, a task outside a service) comes back as
    // `failure` or `error` in the body, not always with a failing status.
    const answer = parseObject(text);
    const problem = answer.failure ?? answer.error;
    if (!response.ok || problem !== undefined) {
      throw new TaskProtectionError(`task protection ${body.ProtectionEnabled ? 'on' : 'off'}: HTTP ${response.status} ${JSON.stringify(problem ?? text).slice(0, 300)}`);
    }
  }
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
