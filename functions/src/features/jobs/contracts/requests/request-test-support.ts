import { ValidationError } from '../../../../kernel/domain/errors';
import { parseRequest } from '../../../../kernel/http/product/request-validation';
import { JOB_ENDPOINTS } from '../product-endpoints';
import type { AnyJobRequest } from './parsed-request';
import type { UploadedPart } from '../../../../kernel/contracts/uploaded-part';

/**
 * Shared by the request-contract tests: bodies are given exactly as the body
 * parser hands them to the schemas (text for form fields, file parts for
 * uploads, arrays for list fields), and parsed the way the API does.
 */

export const upload = (fileName = 'clip.mp4', contentType = 'video/mp4'): UploadedPart => ({ fileName, contentType, body: new Uint8Array([0, 0, 0, 24]) });

/** A well-formed id of the kind `POST /uploads` answers. */
export const fileId = (n = 1): string => `upl_${String(n).padStart(24, 'A')}`;

export const url = (name = 'clip.mp4'): string => `https://media.example.com/${name}`;

export function parse(path: string, values: Record<string, unknown>): AnyJobRequest {
  const endpoint = JOB_ENDPOINTS.find((candidate) => candidate.path === path);
  if (!endpoint) throw new Error(`no endpoint ${path}`);
  return parseRequest(endpoint.schema, values);
}

/** The parsed job parameters, as a plain record for table-driven reads. */
export const paramsOf = (path: string, values: Record<string, unknown>): Record<string, unknown> => ({ ...parse(path, values).job.params });

/** The 400 a body gets; fails the test when the body is accepted or fails some other way. */
export function refusal(path: string, values: Record<string, unknown>): ValidationError {
  let parsed: AnyJobRequest;
  try {
    parsed = parse(path, values);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error(`${path} accepted ${JSON.stringify(values)} as ${JSON.stringify(parsed.job)}`);
}

/** The parameter a refused body is refused for. */
export const refusedParam = (path: string, values: Record<string, unknown>): string | undefined => refusal(path, values).param;
