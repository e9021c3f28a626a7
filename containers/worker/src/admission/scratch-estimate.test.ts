import { estimateDownloadBytes, estimateScratchBytes, SCRATCH_RESERVE_BYTES, type ScratchInput } from './scratch-estimate';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** Ten minutes of 1080p at 30 fps, at a usual 8 Mbit/s. */
const fhd: ScratchInput = { bytes: 600 * 1_000_000, durationSeconds: 600, width: 1920, height: 1080, fps: 30 };
const audio: ScratchInput = { bytes: 10 * MB, durationSeconds: 600, width: null, height: null };

describe('the scratch disk a job needs', () => {
  it('sizes a 10-minute 1080p re-encode from its picture: between 0.5 and 2 GB', () => {
    const bytes = estimateScratchBytes('cut', [fhd]);
    expect(bytes).toBeGreaterThan(0.5 * GB);
    expect(bytes).toBeLessThan(2 * GB);
  });

  it('grows with length and with the picture', () => {
    const short = estimateScratchBytes('crop', [{ ...fhd, durationSeconds: 60, bytes: fhd.bytes / 10 }]);
    const long = estimateScratchBytes('crop', [fhd]);
    const uhd = estimateScratchBytes('crop', [{ ...fhd, width: 3840, height: 2160 }]);
    expect(long - SCRATCH_RESERVE_BYTES).toBeCloseTo((short - SCRATCH_RESERVE_BYTES) * 10, -3);
    // Four times the pixels, the same sound.
    const ratio = (uhd - SCRATCH_RESERVE_BYTES) / (long - SCRATCH_RESERVE_BYTES);
    expect(ratio).toBeGreaterThan(3.5);
    expect(ratio).toBeLessThan(4);
  });

  it('takes a dense input as denser output, but at most twice the usual', () => {
    const usual = estimateScratchBytes('cut', [fhd]);
    const grainy = estimateScratchBytes('cut', [{ ...fhd, bytes: 3 * usual }]);
    const lossless = estimateScratchBytes('cut', [{ ...fhd, bytes: 100 * usual }]);
    expect(grainy).toBeGreaterThan(usual);
    expect(lossless).toBe(grainy);
    expect(lossless - SCRATCH_RESERVE_BYTES).toBeLessThanOrEqual(2 * (usual - SCRATCH_RESERVE_BYTES));
  });

  it('adds the inputs of a merge together', () => {
    const one = estimateScratchBytes('merge', [fhd]);
    const two = estimateScratchBytes('merge', [fhd, fhd]);
    expect(two - SCRATCH_RESERVE_BYTES).toBe(2 * (one - SCRATCH_RESERVE_BYTES));
  });

  it('counts a redub as the picture copied plus its working WAV tracks', () => {
    const bytes = estimateScratchBytes('redub', [fhd, audio]);
    // The copied picture and six 48 kHz stereo tracks of ten minutes, once (not once per input), with a margin.
    const least = fhd.bytes + audio.bytes + 6 * 192_000 * 600;
    expect(bytes).toBeGreaterThan(least);
    expect(bytes).toBeLessThan(1.5 * least + SCRATCH_RESERVE_BYTES);
  });

  it('needs little for a still or a list, whatever the input', () => {
    expect(estimateScratchBytes('frame_last', [fhd])).toBeLessThan(SCRATCH_RESERVE_BYTES + 50 * MB);
    expect(estimateScratchBytes('voices', [])).toBe(SCRATCH_RESERVE_BYTES);
  });

  it('sizes audio alone by its sound', () => {
    const bytes = estimateScratchBytes('cut', [audio]);
    expect(bytes - SCRATCH_RESERVE_BYTES).toBeLessThan(50 * MB);
  });

  it('never goes below the reserve, even for an input that claims no length', () => {
    expect(estimateScratchBytes('cut', [{ ...fhd, durationSeconds: 0 }])).toBe(SCRATCH_RESERVE_BYTES);
    expect(estimateScratchBytes('cut', [{ ...fhd, durationSeconds: -5 }])).toBe(SCRATCH_RESERVE_BYTES);
  });

  it('before a download, needs the known inputs and the reserve', () => {
    expect(estimateDownloadBytes([])).toBe(SCRATCH_RESERVE_BYTES);
    expect(estimateDownloadBytes([GB, 2 * GB])).toBe(3 * GB + SCRATCH_RESERVE_BYTES);
  });
});
