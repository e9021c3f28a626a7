import type { MediaEndpoint } from '@frameforge/functions/contracts/media-jobs';
import { cut } from './cut/cut';
import type { Operation } from './operation';

/** The worker's operations by job type; each lives in its own folder. */
export const operations: { [T in MediaEndpoint]?: Operation<T> } = {
  cut,
};
