import { SignatureVerificationError } from './errors.js';
import type { CallbackEvent } from './types.js';

/** Older signatures are refused, so a captured callback cannot be replayed later. */
const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** Unix seconds; the clock by default. */
  now?: number;
}

const encoder = new TextEncoder();

function toBytes(body: string | ArrayBuffer | Uint8Array): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares in time that does not depend on where the strings differ, so the signature cannot be guessed byte by byte. */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  return difference === 0;
}

/**
 * Checks a callback's `FrameForge-Signature: t=<unix>,v1=<hex>` (HMAC-SHA256 of `"<t>.<raw body>"` with the
 * account's callback secret) and resolves the event. The body must be the raw bytes received, before any JSON
 * parsing: a re-serialized body does not match. Throws SignatureVerificationError otherwise.
 */
export async function verifyCallback(
  header: string | null | undefined,
  /** The body as received: a string, or its bytes (a Node Buffer is one). */
  rawBody: string | ArrayBuffer | Uint8Array,
  secret: string,
  options: VerifyOptions = {},
): Promise<CallbackEvent> {
  if (!header) throw new SignatureVerificationError('No FrameForge-Signature header');
  if (!secret) throw new SignatureVerificationError('No callback secret given');
  const fields = header.split(',').map((part) => part.trim().split('='));
  const timestamp = fields.find(([name]) => name === 't')?.[1];
  const signatures = fields.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) throw new SignatureVerificationError('The FrameForge-Signature header is malformed');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) throw new SignatureVerificationError('The signature is too old (or from the future)');
  const body = toBytes(rawBody);
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signed = new Uint8Array(encoder.encode(`${timestamp}.`).length + body.length);
  signed.set(encoder.encode(`${timestamp}.`));
  signed.set(body, signed.length - body.length);
  const expected = hex(await globalThis.crypto.subtle.sign('HMAC', key, signed));
  if (!signatures.some((signature) => sameText(signature, expected))) throw new SignatureVerificationError('The signature does not match the body and secret');
  return JSON.parse(new TextDecoder().decode(body)) as CallbackEvent;
}
