import { DELETE_WORD, isDeletionConfirmed, SIGN_OUT_AFTER_DELETION_MS } from './account-deletion';

describe('isDeletionConfirmed', () => {
  it('needs OK on the confirm and exactly DELETE at the prompt', () => {
    expect(DELETE_WORD).toBe('DELETE');
    expect(isDeletionConfirmed(true, 'DELETE')).toBe(true);
  });

  it('is cancelled by anything else', () => {
    expect(isDeletionConfirmed(false, 'DELETE')).toBe(false);
    expect(isDeletionConfirmed(true, null)).toBe(false);
    expect(isDeletionConfirmed(true, 'delete')).toBe(false);
    expect(isDeletionConfirmed(true, ' DELETE')).toBe(false);
    expect(isDeletionConfirmed(true, '')).toBe(false);
  });

  it('signs out 2 seconds after the deletion', () => {
    expect(SIGN_OUT_AFTER_DELETION_MS).toBe(2000);
  });
});
