import { crashedFailure } from './dead-letters';

describe('a job given up after it stopped its worker each time', () => {
  it('says so, with the id of the request that made it when there is one', () => {
    expect(crashedFailure(3, 'req-9').message.split('\n')).toEqual(['Error: the job stopped its worker 3 times and was given up.', 'Request id: req-9']);
    expect(crashedFailure(1)).toMatchObject({ code: 'internal_error', message: 'Error: the job stopped its worker 1 time and was given up.', param: null });
  });
});
