import { tmpdir } from 'node:os';
import { InputRejectedError } from '../operations/operation';
import { DiskFullError } from './failure-causes';
import { diskSpaceOf, ensureScratchSpace, type DiskSpaceOf } from './scratch-space';

const GB = 1024 ** 3;
const disk = (freeBytes: number, totalBytes = 20 * GB): DiskSpaceOf => () => Promise.resolve({ freeBytes, totalBytes });

describe('the scratch disk check before a job writes its files', () => {
  it('lets a job through that fits the free space', async () => {
    await expect(ensureScratchSpace('/work', 2 * GB, disk(5 * GB))).resolves.toBeUndefined();
  });

  it('refuses one that does not fit now, as a failure on our side worth another try', async () => {
    const refusal = ensureScratchSpace('/work', 6 * GB, disk(5 * GB));
    await expect(refusal).rejects.toBeInstanceOf(DiskFullError);
    await expect(refusal).rejects.toMatchObject({
      jobError: { code: 'insufficient_disk', message: 'Error: the job needs about 6.0 GB of disk space for its files; the worker had 5.0 GB free.', param: null },
    });
  });

  it('fails at once a job larger than the whole disk, which no try can fit', async () => {
    const refusal = ensureScratchSpace('/work', 30 * GB, disk(5 * GB, 20 * GB));
    await expect(refusal).rejects.toBeInstanceOf(InputRejectedError);
    await expect(refusal).rejects.toMatchObject({ jobError: { code: 'insufficient_disk', message: expect.stringContaining('a worker has 20.0 GB in all') as unknown } });
  });

  it('does not hold a disk it cannot measure against the job', async () => {
    await expect(ensureScratchSpace('/work', 6 * GB, () => Promise.reject(new Error('ENOSYS')))).resolves.toBeUndefined();
  });

  it('measures a real folder with statfs', async () => {
    const space = await diskSpaceOf(tmpdir());
    expect(space.totalBytes).toBeGreaterThan(0);
    expect(space.freeBytes).toBeGreaterThanOrEqual(0);
    expect(space.freeBytes).toBeLessThanOrEqual(space.totalBytes);
  });
});
