import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as z from 'zod';

/**
 * The state behind the local API Gateway's key calls: API keys, usage plans
 * and which keys each plan holds, kept in one JSON file so a restart of the
 * stack finds them again. Only what the product's adapter calls is kept.
 */

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  enabled: z.boolean(),
  createdDate: z.number(),
  tags: z.record(z.string(), z.string()),
});
export type ApiKeyRecord = z.infer<typeof apiKeySchema>;

const stateSchema = z.object({
  keys: z.array(apiKeySchema),
  plans: z.array(z.object({ id: z.string(), name: z.string(), keyIds: z.array(z.string()) })),
});
type State = z.infer<typeof stateSchema>;

/** API Gateway's own failures, named as its error header names them. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'NotFoundException' | 'ConflictException' | 'BadRequestException',
    message: string,
  ) {
    super(message);
  }
}

/** Ids look like API Gateway's: ten lower-case letters and digits. */
const newId = () => randomBytes(8).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 10);

export class KeyStore {
  private readonly state: State;

  constructor(private readonly file: string) {
    this.state = existsSync(file) ? stateSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : { keys: [], plans: [] };
  }

  private save(): void {
    // Written aside then renamed: a stop mid-write never leaves half a file.
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state));
    renameSync(`${this.file}.tmp`, this.file);
  }

  /** A plan of this name, made once: the stack asks for its three plans at every start. */
  ensurePlan(name: string): string {
    const found = this.state.plans.find((plan) => plan.name === name);
    if (found) return found.id;
    const id = newId();
    this.state.plans.push({ id, name, keyIds: [] });
    this.save();
    return id;
  }

  createKey(input: { name: string; value?: string; enabled?: boolean; tags?: Record<string, string> }): ApiKeyRecord {
    const value = input.value ?? randomBytes(30).toString('base64url');
    if (value.length < 20) throw new GatewayError(400, 'BadRequestException', 'API Key value should be at least 20 characters');
    if (this.state.keys.some((key) => key.value === value)) throw new GatewayError(409, 'ConflictException', 'API Key already exists');
    const key = { id: newId(), name: input.name, value, enabled: input.enabled ?? false, createdDate: Math.floor(Date.now() / 1000), tags: input.tags ?? {} };
    this.state.keys.push(key);
    this.save();
    return key;
  }

  key(id: string): ApiKeyRecord {
    const key = this.state.keys.find((item) => item.id === id);
    if (!key) throw new GatewayError(404, 'NotFoundException', 'Invalid API Key identifier specified');
    return key;
  }

  /** API Gateway's `name` query matches names that start with it. */
  keys(namePrefix: string | undefined): ApiKeyRecord[] {
    return this.state.keys.filter((key) => namePrefix === undefined || key.name.startsWith(namePrefix));
  }

  deleteKey(id: string): void {
    this.key(id);
    this.state.keys = this.state.keys.filter((key) => key.id !== id);
    // A deleted key leaves every plan with it, as on AWS.
    for (const plan of this.state.plans) plan.keyIds = plan.keyIds.filter((keyId) => keyId !== id);
    this.save();
  }

  private plan(id: string) {
    const plan = this.state.plans.find((item) => item.id === id);
    if (!plan) throw new GatewayError(404, 'NotFoundException', 'Invalid Usage Plan ID specified');
    return plan;
  }

  addPlanKey(planId: string, keyId: string): ApiKeyRecord {
    const plan = this.plan(planId);
    const key = this.key(keyId);
    if (plan.keyIds.includes(keyId)) throw new GatewayError(409, 'ConflictException', 'Usage Plan Key already exists');
    plan.keyIds.push(keyId);
    this.save();
    return key;
  }

  removePlanKey(planId: string, keyId: string): void {
    const plan = this.plan(planId);
    if (!plan.keyIds.includes(keyId)) throw new GatewayError(404, 'NotFoundException', 'Invalid Usage Plan Key identifier specified');
    plan.keyIds = plan.keyIds.filter((id) => id !== keyId);
    this.save();
  }

  planKeys(planId: string): ApiKeyRecord[] {
    return this.plan(planId).keyIds.map((id) => this.key(id));
  }
}
