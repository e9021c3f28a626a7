export interface SeparationOutputs {
  voiceOut: string;
  backgroundOut: string;
}

/** Splits a mix into its voice and everything else (music and effects). */
export interface SeparationProvider {
  separate(inputPath: string, outputs: SeparationOutputs, signal?: AbortSignal): Promise<void>;
}
