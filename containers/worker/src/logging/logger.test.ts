import { jobLogger, Logger } from './logger';

/** The JSON lines the logger writes while `run` runs. */
function linesOf(run: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the worker’s log', () => {
  it('writes JSON lines with the API’s keys, the task id on every line of a job', () => {
    const lines = linesOf(() => {
      const parent = new Logger({ serviceName: 'frameforge-worker' });
      const log = jobLogger(parent, 'task_abc', { jobId: 'task_abc', requestId: 'req-1' });
      log.info('job done', { outcome: 'done' });
      log.error('job failed', new Error('ffmpeg crashed'));
      parent.info('worker ready');
    });
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toEqual(expect.objectContaining({ level: expect.any(String), message: expect.any(String), timestamp: expect.any(String), service: 'frameforge-worker' }));
    }
    expect(lines[0]).toEqual(expect.objectContaining({ level: 'INFO', message: 'job done', task_id: 'task_abc', request_id: 'req-1', outcome: 'done' }));
    expect(lines[1]).toEqual(expect.objectContaining({ level: 'ERROR', task_id: 'task_abc', error: expect.objectContaining({ message: 'ffmpeg crashed' }) }));
    // The worker's own lines carry no job's id.
    expect(lines[2]).not.toHaveProperty('task_id');
  });

  it('leaves request_id out when the message names no request, and keeps jobs apart', () => {
    const lines = linesOf(() => {
      const parent = new Logger({ serviceName: 'frameforge-worker' });
      const first = jobLogger(parent, 'task_1', { jobId: 'task_1' });
      const second = jobLogger(parent, 'task_2', undefined);
      first.info('one');
      second.info('two');
    });
    expect(lines.map((l) => l.task_id)).toEqual(['task_1', 'task_2']);
    expect(lines.every((l) => !('request_id' in l))).toBe(true);
  });
});
