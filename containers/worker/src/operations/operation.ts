import type { JobError } from '@frameforge/functions/jobs';
import type { JobInput, MediaEndpoint, MediaJobOf } from '@frameforge/functions/features/jobs/contracts/media-jobs';
import type { MediaProbe } from '../ffmpeg/media-probe';
import type { Providers } from '../providers/providers';

/** An input downloaded next to the job: its role, names and local path. */
export interface DownloadedInput extends JobInput {
  path: string;
}

/** An admitted input: what ffprobe found in it when the job was admitted, so no operation probes it again. */
export interface LocalInput extends DownloadedInput {
  probe: MediaProbe;
}

export interface OperationContext<T extends MediaEndpoint> {
  job: MediaJobOf<T>;
  inputs: LocalInput[];
  /** The job's own temporary folder: outputs go here; it is removed afterwards. */
  dir: string;
  /** 0-100, as far as the operation can tell. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
  /** The job's secrets, opened for this run only: never logged, stored or put into an error. Absent: it brought none. */
  secrets?: OperationSecrets;
  /** The voice, separation and speech engines, built once from the worker's configuration. */
  providers: Providers;
  /**
   * Told where the result's main file is about to be written, so it can be
   * stored while it is written. Absent: it is stored once it is finished.
   */
  storeWhileWriting?: (file: Omit<OperationOutput, 'durationSeconds'>) => void;
}

/** The secrets a job brought, in plaintext. */
export interface OperationSecrets {
  /** The caller's own voice service key, for `providers.voice(...)`. */
  elevenlabsKey?: string;
}

export interface OperationOutput {
  path: string;
  fileName: string;
  mediaType: string;
  /**
   * Seconds the file plays, as the operation planned it from its probed
   * inputs (frame-exact cuts, conformed joins): known without reading the
   * output again. Absent for stills, lists and attachments.
   */
  durationSeconds?: number;
}

export interface OperationResult {
  output: OperationOutput;
  /** Further files of the result, e.g. the .ass of burned-in captions. */
  attachments?: OperationOutput[];
}

/** One media operation: reads its inputs, writes its outputs into `dir`. */
export type Operation<T extends MediaEndpoint> = (context: OperationContext<T>) => Promise<OperationResult>;

/** A failure caused by the input or the parameters, not by us: the job fails at once, without retries. */
export class InputRejectedError extends Error {
  constructor(readonly jobError: JobError) {
    super(jobError.message);
    this.name = 'InputRejectedError';
  }
}

/** The inputs of one role, in the order given; refuses the job when there is none. */
export function inputsOf(context: { inputs: LocalInput[] }, role: JobInput['role']): [LocalInput, ...LocalInput[]] {
  const [first, ...rest] = context.inputs.filter((i) => i.role === role);
  if (!first) {
    throw new InputRejectedError({
      code: 'missing_input',
      message: `Error: the job needs an input as ${role}.`,
      param: role,
      hint: null,
    });
  }
  return [first, ...rest];
}

/** The clips a merge joins, in order; fewer than two is nothing to join. */
export function clipsToJoin(context: { inputs: LocalInput[]; job: { type: MediaEndpoint } }, hint: string): LocalInput[] {
  const files = context.inputs.filter((i) => i.role === 'files');
  if (files.length < 2) {
    throw new InputRejectedError({
      code: 'too_few_inputs',
      message: `Error: ${context.job.type} needs at least 2 files; it got ${files.length}.`,
      param: 'files',
      hint,
    });
  }
  return files;
}
