import { errorMessageOf } from './request-log';

describe('errorMessageOf', () => {
  it('has nothing to say about a success', () => {
    expect(errorMessageOf(202, '{}')).toBeNull();
  });

  it('starts with "Error: " in plain words, then the detail lines', () => {
    const body = JSON.stringify({ error: { code: 'invalid_request', message: 'h is required.', param: 'h', hint: null } });
    expect(errorMessageOf(400, body)).toBe('Error: h is required.\nParameter: h\nCode: invalid_request');
  });

  it('keeps a job error that already starts with "Error: " and its ffmpeg tail', () => {
    const body = JSON.stringify({ error: { code: 'processing_failed', message: 'Error: the media could not be processed.\n[mov] moov atom not found', param: 'file', hint: 'Check the file.' } });
    expect(errorMessageOf(422, body)).toBe('Error: the media could not be processed.\n[mov] moov atom not found\nParameter: file\nCode: processing_failed\nHint: Check the file.');
  });

  it('says what it can of a body that is not ours', () => {
    expect(errorMessageOf(502, 'Bad gateway')).toBe('Error: The request failed with HTTP 502.');
  });
});
