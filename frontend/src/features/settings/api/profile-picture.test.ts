import { isPictureTooLarge, StorageUploadError } from '../settings-errors';
import { sendToStorage } from './profile-picture';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

const target = { url: '/_storage/profile-pictures', fields: { key: 'incoming/u1/abc', Policy: 'cG9saWN5', 'Content-Type': 'image/jpeg' }, key: 'incoming/u1/abc', max_bytes: 5 * 1024 * 1024 };
const realFetch = global.fetch;

afterEach(() => {
  global.fetch = realFetch;
});

function answering(status: number, body = ''): jest.Mock {
  const mock = jest.fn(async () => new Response(status === 204 ? null : body, { status }));
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

describe('sendToStorage', () => {
  it('posts every policy field first and the file last, to the presigned URL', async () => {
    const mock = answering(204);
    await sendToStorage(target, new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    expect(mock).toHaveBeenCalledTimes(1);
    const [url, init] = mock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(target.url);
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Policy', 'Content-Type', 'file']);
    expect(form.get('key')).toBe('incoming/u1/abc');
    const file = form.get('file') as File;
    expect(file.type).toBe('image/jpeg');
    await expect(file.text()).resolves.toBe('jpeg bytes');
  });

  it("turns storage's EntityTooLarge refusal into the too-large error", async () => {
    answering(400, '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>');
    const failure = await sendToStorage(target, new Blob(['x'])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageUploadError);
    expect(isPictureTooLarge(failure)).toBe(true);
  });

  it('does not send a picture above the limit the server gave', async () => {
    const mock = answering(204);
    const failure = await sendToStorage({ ...target, max_bytes: 3 }, new Blob(['four'])).catch((error: unknown) => error);
    expect(isPictureTooLarge(failure)).toBe(true);
    expect(mock).not.toHaveBeenCalled();
  });

  it('reports other refusals with their status', async () => {
    answering(403, '<Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>');
    const failure = await sendToStorage(target, new Blob(['x'])).catch((error: unknown) => error);
    expect(isPictureTooLarge(failure)).toBe(false);
    expect((failure as Error).message).toBe('Policy expired (HTTP 403)');
  });
});
