import { rmSync } from 'node:fs';

/** The shared synthesis goes with the run; a process still synthesizing (the run was cut short) is stopped. */
export default function globalTeardown(): void {
  const synthesis = globalThis.frameforgeInfraSynthesis;
  if (!synthesis) return;
  // Its exit no longer counts: the folder a failure would be written to is going.
  synthesis.child.removeAllListeners('exit');
  if (synthesis.child.exitCode === null && synthesis.child.signalCode === null) synthesis.child.kill();
  rmSync(synthesis.dir, { recursive: true, force: true });
  globalThis.frameforgeInfraSynthesis = undefined;
}
