import { join } from 'node:path';
import type { MediaJobMessage } from '@frameforge/functions/contracts/media-jobs';
import type { MediaStorage } from '@frameforge/functions/domain/jobs/job';
import { inspectMedia } from '../ffmpeg/probe';
import type { LocalInput } from '../operations/operation';
import { RetryableJobError } from './job-errors';

/** Local names are ours, never the caller's: no path or option can ride in on a file name. */
export async function fetchInputs(message: MediaJobMessage, storage: MediaStorage, dir: string): Promise<LocalInput[]> {
  return Promise.all(
    message.inputs.map(async (input, index) => {
      const path = join(dir, `in-${index}${/\.[a-z0-9]{1,5}$/i.exec(input.fileName)?.[0].toLowerCase() ?? '.bin'}`);
      try {
        await storage.downloadToFile(input.key, path);
      } catch {
        throw new RetryableJobError({
          code: 'input_unavailable',
          message: `Error: the ${input.role} input could not be read from storage.`,
          param: input.role,
          hint: 'Upload the file again with a new request.',
        });
      }
      // Probing starts as soon as this input is here, while the others still download.
      void inspectMedia(path).catch(() => undefined);
      return { ...input, path };
    }),
  );
}
