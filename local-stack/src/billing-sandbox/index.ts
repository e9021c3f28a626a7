import type { Server } from 'node:http';
import { buildCatalog } from './catalog';
import { SandboxClock } from './clock';
import type { BillingSandboxOptions, SandboxContext } from './context';
import { processDueWork } from './renewals';
import { createSandboxServer } from './server';
import { SandboxStore } from './store';
import { WebhookSender } from './webhook-sender';

export { LOCAL_PRICE_IDS } from './catalog';
export type { BillingSandboxOptions } from './context';
export { STATE_FILE } from './store';

/** Period ends also pass in real time: a stack left running for a month renews on its own. */
const DUE_WORK_INTERVAL_MS = 60_000;

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

/**
 * A local stand-in for Stripe's servers, for the `stripe` SDK configured with
 * `{ host: '127.0.0.1', port, protocol: 'http' }`.
 */
export async function startBillingSandbox(options: BillingSandboxOptions): Promise<{ url: string; stop(): Promise<void> }> {
  if (!options.webhookSecret) throw new Error('The billing sandbox needs a webhook signing secret.');
  const store = new SandboxStore(options.stateDir);
  const { state } = store;
  const sender = new WebhookSender({ url: options.webhookUrl, publicUrl: options.publicUrl, secret: options.webhookSecret, state, save: () => store.save() });
  const ctx: SandboxContext = {
    options,
    store,
    state,
    clock: new SandboxClock(
      () => state.clockOffset,
      (offset) => {
        state.clockOffset = offset;
      },
    ),
    catalog: buildCatalog(options.prices, state.createdAt),
    commit: () => {
      store.save();
      sender.kick();
    },
  };
  processDueWork(ctx);
  const server = createSandboxServer(ctx);
  await listen(server, options.port);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  sender.kick();
  const ticker = setInterval(() => processDueWork(ctx), DUE_WORK_INTERVAL_MS);
  ticker.unref();

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(ticker);
      await sender.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections from the SDK would otherwise hold close() open.
        server.closeAllConnections();
      });
      store.flush();
    })();
    return stopping;
  };
  return { url: `http://127.0.0.1:${port}`, stop };
}
