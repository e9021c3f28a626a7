import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalServices } from '@frameforge/local-stack/stack';

/** The emulators behind the stack the global setup started. */
export function testServices(): LocalServices {
  const stateDir = process.env.FRAMEFORGE_STATE_DIR;
  if (!stateDir) throw new Error('No local stack: run these tests through `npm test`.');
  return JSON.parse(readFileSync(join(stateDir, 'services.json'), 'utf8')) as LocalServices;
}
