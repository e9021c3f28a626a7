import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxStore, STATE_FILE } from './store';

const onDisk = (dir: string) => JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')) as { clockOffset: number };
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the sandbox state on disk', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'sandbox-store-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written when the store opens, and the changes of one turn are written together once it ends', async () => {
    const store = new SandboxStore(dir);
    expect(onDisk(dir).clockOffset).toBe(0);
    store.state.clockOffset = 60;
    store.save();
    store.state.clockOffset = 120;
    store.save();
    // Not yet: the turn's changes go out as one write.
    expect(onDisk(dir).clockOffset).toBe(0);
    await nextTurn();
    expect(onDisk(dir).clockOffset).toBe(120);
  });

  it('is written at once by flush, and a later turn writes nothing stale over it', async () => {
    const store = new SandboxStore(dir);
    store.state.clockOffset = 30;
    store.save();
    store.flush();
    expect(onDisk(dir).clockOffset).toBe(30);
    await nextTurn();
    expect(onDisk(dir).clockOffset).toBe(30);
    // A store opened on the file finds what was written.
    expect(new SandboxStore(dir).state.clockOffset).toBe(30);
  });
});
