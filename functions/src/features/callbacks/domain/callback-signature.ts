import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How a `callback_url` delivery is signed.
 *
 * Every delivery is a POST with these headers:
 *
 *   Content-Type: application/json
 *   User-Agent: FrameForge-Callbacks/1
 *   FrameForge-Event-Id: evt_<task id>_<completed|failed>
 *   FrameForge-Signature: t=<unix seconds>,v1=<hex signature>
 *
 * where the signature is HMAC-SHA256, keyed with the account's callback
 * secret (`whsec_...`, shown in the portal), over the text `<t>.<raw body>`:
 * the timestamp of the header, a dot, then the request body exactly as
 * received (bytes, before any JSON parsing).
 *
 * To verify a delivery, a receiver recomputes the signature over the raw
 * body with its secret, compares it with the `v1` value in constant time,
 * and rejects a timestamp more than five minutes from its own clock (a
 * replayed old delivery). Several `v1` values may appear (after a secret
 * change); one match is enough. The event id stays the same across the
 * retries of one delivery, so a receiver that saw it already can answer
 * 2xx and ignore the repeat.
 */
export const SIGNATURE_HEADER = 'FrameForge-Signature';
export const EVENT_ID_HEADER = 'FrameForge-Event-Id';
/** Names the sender and the version of the event format. */
export const CALLBACK_USER_AGENT = 'FrameForge-Callbacks/1';

const SECRET_PREFIX = 'whsec_';

/** A new callback secret: 32 random bytes, base64url, behind a recognisable prefix. */
export function newCallbackSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function hmac(secret: string, timestampSeconds: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('hex');
}

/** The `FrameForge-Signature` header value of a body sent at `timestampSeconds`. */
export function signCallback(secret: string, body: Buffer | string, timestampSeconds: number): string {
  const t = Math.floor(timestampSeconds);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

export interface VerifyOptions {
  /** How far the header's timestamp may be from now, either way. */
  toleranceSeconds?: number;
  /** The receiver's clock, in unix seconds. */
  nowSeconds?: number;
}

/** Whether `header` is a valid signature of `body` under `secret`, made within the tolerance of now. */
export function verifyCallback(secret: string, header: string | undefined, body: Buffer | string, options: VerifyOptions = {}): boolean {
  const { toleranceSeconds = 300, nowSeconds = Date.now() / 1000 } = options;
  const parsed = parseSignatureHeader(header ?? '');
  if (!parsed) return false;
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, parsed.timestamp, body), 'hex');
  // Every candidate is compared, so the time taken says nothing about which one (if any) matched.
  let matched = false;
  for (const candidate of parsed.signatures) {
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched;
}

/** `t=<digits>` once and at least one `v1=<64 hex>`; other schemes are ignored, so a future `v2` does not break receivers. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return undefined;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return undefined;
      signatures.push(value.toLowerCase());
    }
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}
