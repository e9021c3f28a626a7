import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { runFfmpeg } from '../ffmpeg/run-ffmpeg';
import { runLimits, runTimeoutSeconds } from '../ffmpeg/run-limits';
import type { SeparationOutputs, SeparationProvider } from './separation-provider';

const exec = promisify(execFile);

export interface DemucsOptions {
  bin: string;
  model: string;
}

/** demucs writes `<out>/<model>/<filename>`; a fixed file name template keeps the caller's name out of it. */
export function demucsArgs(inputPath: string, outDir: string, model: string): string[] {
  return ['--two-stems=vocals', '-n', model, '-o', outDir, '--filename', '{stem}.{ext}', inputPath];
}

/** Where demucs puts the two stems for `demucsArgs`. */
export function demucsStems(outDir: string, model: string): { vocals: string; background: string } {
  return { vocals: join(outDir, model, 'vocals.wav'), background: join(outDir, model, 'no_vocals.wav') };
}

/** The production separator: the demucs CLI, as installed in the production image. */
export class DemucsSeparationProvider implements SeparationProvider {
  constructor(private readonly options: DemucsOptions) {}

  async separate(inputPath: string, outputs: SeparationOutputs, signal?: AbortSignal): Promise<void> {
    const outDir = await mkdtemp(join(dirname(outputs.voiceOut), 'demucs-'));
    try {
      // The job's wall-clock limit holds for the separator as for ffmpeg: a stuck run is stopped.
      const timeout = runTimeoutSeconds(runLimits.getStore()) * 1000;
      await exec(this.options.bin, demucsArgs(inputPath, outDir, this.options.model), { signal, timeout, maxBuffer: 16 * 1024 * 1024 });
      const stems = demucsStems(outDir, this.options.model);
      // Re-encoded rather than renamed, so the outputs take whatever format their extensions ask for.
      await runFfmpeg({ args: ['-i', stems.vocals, outputs.voiceOut], signal });
      await runFfmpeg({ args: ['-i', stems.background, outputs.backgroundOut], signal });
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }
}
