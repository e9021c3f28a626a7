import { FfmpegFailedError, FfmpegTimeoutError } from '../ffmpeg/run-ffmpeg';
import { InputRejectedError, type DownloadedInput } from '../operations/operation';
import { finalFailure, inputFailure, pathNames, RetryableJobError } from './job-errors';

const dir = '/var/work/job-42-p7-abc';
const inputs: DownloadedInput[] = [
  { role: 'video', key: 'k0', fileName: 'a.mp4', size: 1, path: `${dir}/in-0.mp4` },
  { role: 'voice', key: 'k1', fileName: 'b.wav', size: 1, path: `${dir}/in-1.wav` },
];
const names = pathNames(inputs);

describe('job errors a developer can act on', () => {
  it('reports ffmpeg failures with its words, our paths replaced by the input roles', () => {
    const detail = `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5] moov atom not found\n${dir}/in-0.mp4: Invalid data found when processing input`;
    const error = inputFailure(new FfmpegFailedError('ffmpeg exited with code 1', detail), names, dir);
    expect(error?.code).toBe('processing_failed');
    expect(error?.param).toBe('video');
    expect(error?.message.split('\n')[0]).toBe('Error: the media could not be processed.');
    expect(error?.message).toContain('<video>: Invalid data found');
    expect(error?.message).not.toContain('/var/work');
  });

  it('says a run was stopped for taking too long', () => {
    expect(inputFailure(new FfmpegTimeoutError(90), names, dir)).toMatchObject({ code: 'processing_timeout', message: expect.stringMatching(/^Error: .*90 s/) as unknown });
  });

  it('cleans paths out of an operation\'s own refusal and leaves our failures to retry', () => {
    const refusal = new InputRejectedError({ code: 'bad', message: `Error: ${dir}/in-1.wav is silent.`, param: 'voice', hint: null });
    expect(inputFailure(refusal, names, dir)).toEqual({ code: 'bad', message: 'Error: <voice> is silent.', param: 'voice', hint: null });
    expect(inputFailure(new Error('socket hang up'), names, dir)).toBeUndefined();
  });

  it('ends a job that kept failing on our side with its last error', () => {
    const retryable = new RetryableJobError({ code: 'input_unavailable', message: 'Error: the file input could not be read from storage.', param: 'file', hint: null });
    expect(finalFailure(retryable, 3)).toMatchObject({ code: 'input_unavailable', param: 'file', message: expect.stringMatching(/failed 3 times/) as unknown });
    expect(finalFailure(new Error('x'), 3)).toMatchObject({ code: 'internal_error', param: null });
  });
});
