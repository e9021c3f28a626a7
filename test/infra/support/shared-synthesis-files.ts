import { join } from 'node:path';

/** Names the default synthesis and its readers agree on, inside the run's own folder. */
export const SYNTHESIS_DIR_VARIABLE = 'FRAMEFORGE_INFRA_SYNTHESIS_DIR';
export const FLATTENED_FILE = 'flattened.template.json';
/** Written by the global set-up when the synthesizing process ends in failure: its exit and output. */
export const FAILED_FILE = 'failed.txt';
export const LOG_FILE = 'synthesis.log';

export const assemblyDirOf = (dir: string): string => join(dir, 'assembly');
