import { successViewOf } from './success-view';

describe('successViewOf', () => {
  it('confirms a checkout return and keeps its session id', () => {
    expect(successViewOf(new URLSearchParams('success=true&session_id=cs_test_123'))).toEqual({ kind: 'confirm', sessionId: 'cs_test_123' });
  });

  it('confirms without a session id when there is none', () => {
    expect(successViewOf(new URLSearchParams('success=true'))).toEqual({ kind: 'confirm', sessionId: null });
    expect(successViewOf(new URLSearchParams('success=true&session_id=%20'))).toEqual({ kind: 'confirm', sessionId: null });
  });

  it('is not found without success=true', () => {
    expect(successViewOf(new URLSearchParams(''))).toEqual({ kind: 'notFound' });
    expect(successViewOf(new URLSearchParams('success=false&session_id=cs_1'))).toEqual({ kind: 'notFound' });
    expect(successViewOf(new URLSearchParams('session_id=cs_1'))).toEqual({ kind: 'notFound' });
  });
});
