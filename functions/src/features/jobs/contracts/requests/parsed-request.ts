import type { MediaEndpoint, MediaJobOf } from '../media-jobs';
import type { Metadata } from '../../../../kernel/contracts/metadata';
import type { InputSource } from './request-fields';

/** What an endpoint's request schema parses a body into: the job to run and how to answer. */
export interface ParsedJobRequest<T extends MediaEndpoint = MediaEndpoint> {
  job: { type: T; params: MediaJobOf<T>['params'] };
  inputs: InputSource[];
  /** Wait for the result and answer it (bounded), rather than 202 at once. */
  download: boolean;
  callbackUrl?: string;
  /** The caller's own pairs, kept on the task and echoed wherever it shows. */
  metadata?: Metadata | undefined;
  /** redub_tts: a script to fetch (public URL) into `params.script` before the job is queued. */
  scriptUrl?: string;
  /** The caller's ElevenLabs key from a field; the header form is read by the handler. */
  elevenlabsKey?: string;
}

/** Any endpoint's parsed request, as a union narrowed by `job.type`. */
export type AnyJobRequest = { [T in MediaEndpoint]: ParsedJobRequest<T> }[MediaEndpoint];
