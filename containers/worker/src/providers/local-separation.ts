import { runFfmpeg } from '../ffmpeg/run-ffmpeg';
import type { SeparationOutputs, SeparationProvider } from './separation-provider';

/**
 * A spectral stand-in for a separation model: the voice is taken as the
 * centre of the stereo image, band-limited to speech and denoised; the
 * background is the mix minus that voice (the voice added back inverted).
 */
export function localSeparationArgs(inputPath: string, { voiceOut, backgroundOut }: SeparationOutputs): string[] {
  const graph = [
    '[0:a:0]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,asplit=2[mix][src]',
    '[src]pan=stereo|c0=0.5*c0+0.5*c1|c1=0.5*c0+0.5*c1,highpass=f=100,lowpass=f=5000,afftdn=nf=-30,asplit=2[voice][vcopy]',
    '[vcopy]volume=-1[negvoice]',
    '[mix][negvoice]amix=inputs=2:duration=first:normalize=0[background]',
  ].join(';');
  return ['-i', inputPath, '-filter_complex', graph, '-map', '[voice]', voiceOut, '-map', '[background]', backgroundOut];
}

export class LocalSeparationProvider implements SeparationProvider {
  async separate(inputPath: string, outputs: SeparationOutputs, signal?: AbortSignal): Promise<void> {
    await runFfmpeg({ args: localSeparationArgs(inputPath, outputs), signal });
  }
}
