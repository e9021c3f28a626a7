import * as z from 'zod';
import { parseCredential, type Credentials } from './authenticate';
import { S3Error, errors } from './s3-error';
import { ALGORITHM, hmacHex, sameSignature, signingKey } from './sigv4';

/** A browser upload's policy, as S3 reads the base64 JSON in the form's `Policy` field. */
export interface PostPolicy {
  expiration: Date;
  conditions: Condition[];
}

type Condition =
  | { kind: 'eq' | 'starts-with'; field: string; value: string; source: string }
  | { kind: 'range'; min: number; max: number; source: string };

const invalidPolicy = (message: string) => new S3Error(400, 'InvalidPolicyDocument', `Invalid Policy: ${message}`);
const refused = (message: string) => errors.accessDenied(`Invalid according to Policy: ${message}`);

const policySchema = z.object({ expiration: z.string(), conditions: z.array(z.unknown()) });
const matchCondition = z.tuple([z.enum(['eq', 'starts-with']), z.string().startsWith('$'), z.string()]);
const rangeCondition = z.tuple([z.literal('content-length-range'), z.number().int().nonnegative(), z.number().int().nonnegative()]);
const exactCondition = z.record(z.string(), z.string()).refine((value) => Object.keys(value).length === 1);

function condition(raw: unknown): Condition {
  const source = JSON.stringify(raw);
  const match = matchCondition.safeParse(raw);
  if (match.success) return { kind: match.data[0], field: match.data[1].slice(1).toLowerCase(), value: match.data[2], source };
  const range = rangeCondition.safeParse(raw);
  if (range.success) return { kind: 'range', min: range.data[1], max: range.data[2], source };
  const exact = exactCondition.safeParse(raw);
  const [entry] = exact.success ? Object.entries(exact.data) : [];
  if (entry) return { kind: 'eq', field: entry[0].toLowerCase(), value: entry[1], source };
  throw invalidPolicy(`Invalid Condition: ${source}`);
}

export function parsePolicy(encoded: string): PostPolicy {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    throw invalidPolicy('Invalid JSON.');
  }
  const policy = policySchema.safeParse(json);
  if (!policy.success) throw invalidPolicy('Policy missing expiration or conditions.');
  const expiration = new Date(policy.data.expiration);
  if (Number.isNaN(expiration.getTime())) throw invalidPolicy('Invalid \'expiration\' value.');
  return { expiration, conditions: policy.data.conditions.map(condition) };
}

/** Fields S3 does not hold against the policy: the signature, the policy itself, the file, and x-ignore-*. */
const unchecked = (name: string) => ['x-amz-signature', 'policy', 'file'].includes(name) || name.startsWith('x-ignore-');

/**
 * Checks the form's signature over its policy, the expiry, and every condition
 * on its fields (all lower-case names); answers the size range for the file.
 */
export function checkPostForm(fields: Map<string, string>, bucket: string, credentials: Credentials, now: Date): { min: number; max: number } | undefined {
  const encoded = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  if (!encoded && !signature) throw errors.accessDenied();
  if (!encoded || !signature) throw errors.invalidArgument('Bucket POST must contain a field named Policy and X-Amz-Signature when signed.');
  if (fields.get('x-amz-algorithm') !== ALGORITHM) throw errors.invalidArgument('X-Amz-Algorithm must be AWS4-HMAC-SHA256.');
  const scope = parseCredential(fields.get('x-amz-credential') ?? '', credentials, (message) => errors.invalidArgument(message));
  if (!sameSignature(hmacHex(signingKey(credentials.secretAccessKey, scope), encoded), signature)) throw errors.signatureMismatch();
  const policy = parsePolicy(encoded);
  if (now > policy.expiration) throw refused('Policy expired.');
  const values = new Map(fields);
  values.set('bucket', bucket);
  const covered = new Set(policy.conditions.flatMap((c) => (c.kind === 'range' ? [] : [c.field])));
  const extra = [...fields.keys()].filter((name) => !unchecked(name) && !covered.has(name));
  if (extra.length > 0) throw refused(`Extra input fields: ${extra.join(', ')}`);
  let range: { min: number; max: number } | undefined;
  for (const rule of policy.conditions) {
    if (rule.kind === 'range') {
      range = { min: rule.min, max: rule.max };
      continue;
    }
    const value = values.get(rule.field);
    const holds = value !== undefined && (rule.kind === 'eq' ? value === rule.value : value.startsWith(rule.value));
    if (!holds) throw refused(`Policy Condition failed: ${rule.source}`);
  }
  return range;
}
