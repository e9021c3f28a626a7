import type { MediaProbe } from '../../../../kernel/contracts/media-probe';
import type { FileIdResolver } from '../input-resolver';
import { NotFoundError, UnreadableMediaError, ValidationError } from '../../../../kernel/domain/errors';
import { MediaProbes, type ByteSource } from './media-probes';

const PROBE: MediaProbe = {
  object: 'media_info',
  duration: 2,
  container: 'mp4',
  size: 10,
  streams: [{ index: 0, type: 'video', codec: 'h264', duration: 2, width: 4, height: 2, frame_rate: 25, sample_rate: null, channels: null }],
};
const source: ByteSource = { size: 10, read: () => Promise.resolve(new Uint8Array(0)) };
const UPLOAD = 'upl_abcdefghijklmnopqrstuvwx';

function probes({ found }: { found: MediaProbe | undefined } = { found: PROBE }) {
  const files: FileIdResolver = {
    resolve: jest.fn((userId: string, fileId: string, role, param: string) =>
      userId === 'me' ? Promise.resolve({ role, key: `uploads/me/${fileId}`, fileName: 'a.mp4', size: 10 }) : Promise.reject(new NotFoundError('No upload.', { param })),
    ),
  };
  const urls = { assertFetchable: jest.fn((url: string, param: string) => { if (url.includes('127.0.0.1')) throw new ValidationError('internal', { param }); }) };
  const stored = { open: jest.fn(() => Promise.resolve(source)) };
  const remote = { open: jest.fn(() => Promise.resolve(source)) };
  const reader = { read: jest.fn(() => Promise.resolve(found)) };
  return { service: new MediaProbes(files, urls, stored, remote, reader), stored, remote, reader };
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('MediaProbes', () => {
  it('reads a file by id from storage, under the key of its owner', async () => {
    const { service, stored, remote } = probes();
    await expect(service.probe('me', { file_id: UPLOAD })).resolves.toEqual(PROBE);
    expect(stored.open).toHaveBeenCalledWith(`uploads/me/${UPLOAD}`);
    expect(remote.open).not.toHaveBeenCalled();
  });

  it("answers another account's file as the resolver does (a 404), reading nothing", async () => {
    const { service, stored } = probes();
    expect(await failure(service.probe('someone-else', { file_id: UPLOAD }))).toBeInstanceOf(NotFoundError);
    expect(stored.open).not.toHaveBeenCalled();
  });

  it('reads a URL only once the address policy let it through', async () => {
    const { service, remote } = probes();
    await expect(service.probe('me', { url: 'https://media.example/a.mp4' })).resolves.toEqual(PROBE);
    expect(remote.open).toHaveBeenCalledWith('https://media.example/a.mp4', 'url');
    const refused = await failure(service.probe('me', { url: 'http://127.0.0.1/a.mp4' }));
    expect(refused).toMatchObject({ param: 'url' });
    expect(remote.open).toHaveBeenCalledTimes(1);
  });

  it('takes exactly one of file_id and url, naming the field at fault', async () => {
    const { service, reader } = probes();
    expect(await failure(service.probe('me', {}))).toMatchObject({ constructor: ValidationError, param: 'file_id', message: 'Send one of file_id or url.' });
    expect(await failure(service.probe('me', { file_id: UPLOAD, url: 'https://media.example/a.mp4' }))).toMatchObject({ constructor: ValidationError, param: 'url' });
    expect(reader.read).not.toHaveBeenCalled();
  });

  it('refuses bytes with no media in them as invalid_media, with a hint', async () => {
    for (const found of [undefined, { ...PROBE, streams: [] }]) {
      const { service } = probes({ found });
      const error = await failure(service.probe('me', { url: 'https://media.example/notes.txt' }));
      expect(error).toBeInstanceOf(UnreadableMediaError);
      expect(error).toMatchObject({ code: 'invalid_media', param: 'url', hint: expect.stringContaining('MP4') });
    }
  });
});
