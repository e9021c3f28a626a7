import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.frameforgeBrowser?.close();
  const stack = globalThis.frameforgeStack;
  if (!stack) return;
  await stack.stop();
  if (!process.env.KEEP_TEST_STATE) rmSync(stack.stateDir, { recursive: true, force: true });
}
