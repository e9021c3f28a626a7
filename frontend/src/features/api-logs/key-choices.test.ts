import { keyChoicesOf } from './key-choices';

describe('the key filter choices', () => {
  it('lists the active keys first, then each revoked key of the requests on screen once', () => {
    const active = [
      { id: 'k2', name: 'new' },
      { id: 'k1', name: 'old' },
    ];
    const logs = [
      { api_key_id: 'k1', key_name: 'old' },
      { api_key_id: 'k0', key_name: 'gone' },
      { api_key_id: 'k0', key_name: 'gone' },
    ];
    expect(keyChoicesOf(active, logs)).toEqual([
      { id: 'k2', name: 'new', revoked: false },
      { id: 'k1', name: 'old', revoked: false },
      { id: 'k0', name: 'gone', revoked: true },
    ]);
  });

  it('still offers the keys of the requests when the key list is not there', () => {
    expect(keyChoicesOf([], [{ api_key_id: 'k1', key_name: 'one' }])).toEqual([{ id: 'k1', name: 'one', revoked: true }]);
  });
});
