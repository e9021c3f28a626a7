import { join } from 'node:path';
import { repoRoot, startStack } from './stack';

/**
 * `npm start`: the whole product on this machine. Options:
 *   --state-dir DIR   where every emulator keeps its state (default .local)
 *   --auto-ports      free ports instead of the fixed 4000-4012
 */
async function main() {
  const args = process.argv.slice(2);
  const stateIndex = args.indexOf('--state-dir');
  const stateDir = stateIndex >= 0 && args[stateIndex + 1] ? args[stateIndex + 1]! : join(repoRoot, '.local');
  const { endpoints, stop } = await startStack({
    stateDir,
    autoPorts: args.includes('--auto-ports'),
    verbose: !args.includes('--quiet'),
  });
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    void stop().then(() => process.exit(code));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(0));
  // A crash must not leave emulators running without their parent.
  process.on('uncaughtException', (error) => {
    console.error('The local stack crashed:', error);
    shutdown(1);
  });
  console.log('');
  console.log(`Portal: ${endpoints.portal}`);
  console.log(`Portal API: ${endpoints.portalApi}`);
  console.log(`Product API: ${endpoints.productApi}`);
  console.log(`Inbox: ${endpoints.inbox}`);
  console.log(`Billing sandbox: ${endpoints.billing}`);
  console.log(`Callback tap: ${endpoints.callbackTap}`);
  console.log('');
  console.log('Ready. Try: npm run --silent local:user -- you@example.com   (Ctrl-C stops everything)');
  console.log('Callbacks on this machine: npm run local:listen -- --forward-to http://localhost:3000/webhooks');
}

main().catch((error: unknown) => {
  console.error(process.env.DEBUG || !(error instanceof Error) ? error : `Could not start: ${error.message}`);
  process.exit(1);
});
