import { answerErrorOf, codeInLines, taskErrorLines } from './log-errors';

describe('answerErrorOf', () => {
  it('has nothing to say about a success', () => {
    expect(answerErrorOf(202, '{}')).toEqual({ message: null, code: null });
  });

  it('starts with "Error: " in plain words, then the detail lines, and keeps the code apart', () => {
    const body = JSON.stringify({ error: { code: 'invalid_request', message: 'h is required.', param: 'h', hint: null } });
    expect(answerErrorOf(400, body)).toEqual({ message: 'Error: h is required.\nParameter: h\nCode: invalid_request', code: 'invalid_request' });
  });

  it('keeps a job error that already starts with "Error: " and its ffmpeg tail', () => {
    const body = JSON.stringify({ error: { code: 'processing_failed', message: 'Error: the media could not be processed.\n[mov] moov atom not found', param: 'file', hint: 'Check the file.' } });
    expect(answerErrorOf(422, body).message).toBe('Error: the media could not be processed.\n[mov] moov atom not found\nParameter: file\nCode: processing_failed\nHint: Check the file.');
  });

  it('says what it can of a body that is not ours', () => {
    expect(answerErrorOf(502, 'Bad gateway')).toEqual({ message: 'Error: The request failed with HTTP 502.', code: null });
  });
});

describe('taskErrorLines', () => {
  it('reads a job error as an answer error reads', () => {
    const error = { code: 'start_out_of_range', message: 'Error: start (5 s) is at or beyond the end of the input (2.000 s).', param: 'start', hint: 'Choose a start inside the media.' };
    expect(taskErrorLines(error)).toBe(
      'Error: start (5 s) is at or beyond the end of the input (2.000 s).\nParameter: start\nCode: start_out_of_range\nHint: Choose a start inside the media.',
    );
  });

  it('still says the task failed when the job kept no error', () => {
    expect(taskErrorLines(null)).toBe('Error: The task failed.');
  });
});

describe('codeInLines', () => {
  it('finds the code line of stored detail lines, and nothing in others', () => {
    expect(codeInLines('Error: h is required.\nParameter: h\nCode: invalid_request')).toBe('invalid_request');
    expect(codeInLines('Error: Code: is not a line start')).toBeNull();
  });
});
