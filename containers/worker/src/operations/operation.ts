import type { JobError } from '@frameforge/functions/domain/jobs/job';
import type { JobInput, MediaEndpoint, MediaJobOf } from '@frameforge/functions/contracts/media-jobs';

/** An input downloaded next to the job: its role, names and local path. */
export interface LocalInput extends JobInput {
  path: string;
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
}

/** The secrets a job brought, in plaintext. */
export interface OperationSecrets {
  /** The caller's own voice service key, for `providers().voice(...)`. */
  elevenlabsKey?: string;
}

export interface OperationOutput {
  path: string;
  fileName: string;
  mediaType: string;
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

/** The inputs of one role, in the order given; refuses the job when too few are there. */
export function inputsOf(context: { inputs: LocalInput[] }, role: JobInput['role'], atLeast = 1): LocalInput[] {
  const found = context.inputs.filter((i) => i.role === role);
  if (found.length < atLeast) {
    throw new InputRejectedError({
      code: 'missing_input',
      message: `Error: the job needs ${atLeast === 1 ? 'an input' : `at least ${atLeast} inputs`} as ${role}.`,
      param: role,
      hint: null,
    });
  }
  return found;
}
