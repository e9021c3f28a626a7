import busboy from 'busboy';
import * as z from 'zod';

/** What the picture proxy needs from a presigned POST to check it as S3 would. */
export interface PresignedPostForm {
  /** The upper bound of the policy's `content-length-range`, if the form carries one. */
  maxFileBytes: number | undefined;
  /** Bytes in the `file` part; without one, the whole body (nothing smaller can be trusted). */
  fileBytes: number;
}

const rangeCondition = z.tuple([z.literal('content-length-range'), z.number(), z.number()]);
const policySchema = z.object({ conditions: z.array(z.unknown()).optional() });

/** The policy travels base64-encoded JSON; one that does not decode sets no limit, as before S3 itself looks. */
function rangeLimit(encoded: string): number | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  const policy = policySchema.safeParse(decoded);
  if (!policy.success) return undefined;
  for (const condition of policy.data.conditions ?? []) {
    const range = rangeCondition.safeParse(condition);
    if (range.success) return range.data[2];
  }
  return undefined;
}

/**
 * Reads the `Policy` field and the size of the `file` part of a multipart
 * body. A body without a boundary yields no limit: the storage emulator then
 * answers for it as it would for any malformed upload.
 */
export function readPresignedPostForm(body: Buffer, contentType: string): Promise<PresignedPostForm> {
  return new Promise((resolve) => {
    let maxFileBytes: number | undefined;
    let fileBytes: number | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType } });
    } catch {
      resolve({ maxFileBytes: undefined, fileBytes: body.length });
      return;
    }
    parser.on('field', (name, value) => {
      if (name === 'Policy') maxFileBytes = rangeLimit(value);
    });
    parser.on('file', (name, stream) => {
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      // A cut-short part errors on its own stream too; the parser's 'error' below answers for both.
      stream.on('error', () => undefined);
      // Busboy finishes only after every file stream has ended, so this lands before 'close'.
      stream.on('end', () => {
        if (name === 'file') fileBytes = size;
      });
    });
    // Cut short or malformed: a limit already read still holds, measured against the whole body.
    parser.on('error', () => resolve({ maxFileBytes, fileBytes: body.length }));
    parser.on('close', () => resolve({ maxFileBytes, fileBytes: fileBytes ?? body.length }));
    parser.end(body);
  });
}
