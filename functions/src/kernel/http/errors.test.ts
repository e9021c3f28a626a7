import { CallbackPendingError, CallbackResendLimitError, NoCallbackUrlError, TaskNotEndedError } from '../domain/errors';
import { portalErrorResponse, toHttpFailure } from './errors';

describe("the portal's task refusals as HTTP answers", () => {
  it.each([
    [new TaskNotEndedError('Task t is processing; its callback is sent once it ends.', { param: 'id' }), 409],
    [new CallbackPendingError("Task t's callback is being retried.", { param: 'id' }), 409],
    [new CallbackResendLimitError("Task t's callback was tried 16 times.", { param: 'id' }), 409],
    [new NoCallbackUrlError('Task t was made without a callback_url.', { param: 'callback_url' }), 422],
  ])('%s answers %i', (error, status) => {
    expect(toHttpFailure(error)).toMatchObject({ status, message: error.message, param: error.param });
  });

  it("answers the portal's own shape, the text naming the field", () => {
    const answer = portalErrorResponse(new NoCallbackUrlError('Task t was made without a callback_url; there is nowhere to send its callback.', { param: 'callback_url' }));
    expect(answer.statusCode).toBe(422);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Task t was made without a callback_url; there is nowhere to send its callback.' });
  });
});
