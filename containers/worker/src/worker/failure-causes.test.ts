import { FfmpegFailedError, FfmpegKilledError, FfmpegNoSpaceError, FfmpegTimeoutError } from '../ffmpeg/run-ffmpeg';
import { InputRejectedError } from '../operations/operation';
import { DiskFullError, OutOfMemoryError, ourFailure, StepTimeoutError, StorageFailedError, storageFailure } from './failure-causes';
import { finalFailure, RetryableJobError } from './job-errors';

/** An error as the AWS SDK throws it: a name, a message and the response's metadata. */
function awsError(name: string, status: number): Error {
  return Object.assign(new Error(`${name} from storage`), { name, $metadata: { httpStatusCode: status, requestId: 'S3-REQ-1', attempts: 3 } });
}
const systemError = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${code}: ${code.toLowerCase()}, write`), { code, ...extra });

describe('failures on our side get their cause', () => {
  it('a full disk, from a write or from ffmpeg, is insufficient_disk', () => {
    for (const error of [systemError('ENOSPC'), new FfmpegNoSpaceError('Error writing trailer: No space left on device')]) {
      const cause = ourFailure(error);
      expect(cause).toBeInstanceOf(DiskFullError);
      expect(cause?.jobError).toMatchObject({ code: 'insufficient_disk', message: "Error: the worker's disk filled up while the job ran.", param: null });
      expect(cause?.cause).toBe(error);
    }
  });

  it('ffmpeg or a tool killed by the system, not by us, is out_of_memory', () => {
    const killed = [new FfmpegKilledError('SIGKILL'), Object.assign(new Error('Command failed'), { killed: false, signal: 'SIGKILL', code: null }), Object.assign(new Error('exit'), { code: 137 })];
    for (const error of killed) {
      const cause = ourFailure(error);
      expect(cause).toBeInstanceOf(OutOfMemoryError);
      expect(cause?.jobError.code).toBe('out_of_memory');
    }
  });

  it('a tool stopped by its time limit is processing_timeout, tried again as ours', () => {
    const cause = ourFailure(Object.assign(new Error('Command failed: whisper'), { killed: true, signal: 'SIGTERM', code: null }));
    expect(cause).toBeInstanceOf(StepTimeoutError);
    expect(cause?.jobError).toMatchObject({ code: 'processing_timeout', param: null });
  });

  it('leaves the input\'s failures and unknown ones alone', () => {
    expect(ourFailure(new FfmpegTimeoutError(90))).toBeUndefined();
    expect(ourFailure(new FfmpegFailedError('ffmpeg exited with code 1', 'moov atom not found'))).toBeUndefined();
    expect(ourFailure(new InputRejectedError({ code: 'no_speech', message: 'Error: ENOSPC said the speaker.', param: null, hint: null }))).toBeUndefined();
    expect(ourFailure(new Error('socket hang up'))).toBeUndefined();
  });

  it('keeps a cause already given', () => {
    const given = new RetryableJobError({ code: 'input_unavailable', message: 'Error: gone.', param: 'file', hint: null });
    expect(ourFailure(given)).toBe(given);
    expect(storageFailure(given, 'input')).toBe(given);
  });

  it('a failure where storage is called is storage_failed, the SDK error kept for the log', () => {
    const s3 = awsError('InternalError', 500);
    const output = storageFailure(s3, 'output');
    expect(output).toBeInstanceOf(StorageFailedError);
    expect(output.jobError).toEqual({
      code: 'storage_failed',
      message: 'Error: our storage failed while the result was being saved.',
      param: null,
      hint: expect.stringContaining('request id') as unknown,
    });
    expect(output.cause).toBe(s3);
    expect(storageFailure(systemError('ECONNREFUSED'), 'input').jobError.message).toBe('Error: our storage failed while the inputs were being read.');
    // Storage answered, but the local disk could not take the download.
    expect(storageFailure(systemError('ENOSPC'), 'input')).toBeInstanceOf(DiskFullError);
  });
});

describe('the error a job ends with after its last try', () => {
  it('says the cause in plain words, how many tries failed and the request that made the job', () => {
    const error = finalFailure(storageFailure(awsError('SlowDown', 503), 'output'), 3, 'req-7f3a');
    expect(error.code).toBe('storage_failed');
    expect(error.message.split('\n')).toEqual(['Error: our storage failed while the result was being saved.', 'It failed 3 times.', 'Request id: req-7f3a']);
    // The technical detail stays in the worker's log.
    expect(JSON.stringify(error)).not.toMatch(/SlowDown|S3-REQ-1|503/);
  });

  it('is internal_error when the cause is unknown, still with the request id', () => {
    expect(finalFailure(new Error('x'), 3, 'req-1')).toEqual({
      code: 'internal_error',
      message: 'Error: the job failed on our side.\nIt failed 3 times.\nRequest id: req-1',
      param: null,
      hint: expect.stringContaining('contact support with the request id') as unknown,
    });
  });

  it('leaves the request id out for a job made before it was recorded', () => {
    expect(finalFailure(new Error('x'), 1).message).toBe('Error: the job failed on our side.\nIt failed 1 time.');
  });
});
