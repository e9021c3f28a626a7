import { chromium, type BrowserServer, type LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`, the engine
 * and its headless embedder without the browser's UI, what Playwright itself
 * runs headless), as every browser suite drives it: one browser
 * per stack shard (`startSharedBrowser`, from the global set-up), which each
 * suite connects to and leaves with its own contexts closed. A launch costs
 * more CPU than most tests of a suite, and the browser suites run on two
 * cores beside ffmpeg and the stack.
 */

// Where the browser's address reaches the suites, which run in the process of the global set-up.
export const SHARED_BROWSER_ENV = 'FRAMEFORGE_BROWSER_WS';

/**
 * The full browser, headless (`CHROMIUM_PATH=/usr/bin/chromium`), still
 * preloads its address bar's WebUI pop-ups (the results list and the AI mode
 * one) in a renderer of their own for every window, and each context opens a
 * window: about a fifth of a second of CPU per context, for a bar no one
 * sees. The headless shell has no address bar and ignores them.
 */
const UNSEEN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The flags this closed network needs. */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function launchOptions(extra: Pick<LaunchOptions, 'args' | 'ignoreDefaultArgs'> = {}): LaunchOptions {
  return {
    // The full browser ran the same suites with a sixth more CPU, on a machine where the browser tests run beside ffmpeg.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    headless: true,
    ...extra,
    args: [...FLAGS, ...(extra.args ?? [])],
  };
}

/**
 * Chromium keeps the last `--disable-features` it is given, and Playwright
 * passes its own list: the unseen features join that list, in its place.
 */
function withUnseenFeatures(defaultArgs: readonly string[]): Pick<LaunchOptions, 'args' | 'ignoreDefaultArgs'> {
  const playwrights = defaultArgs.find((arg) => arg.startsWith('--disable-features='));
  if (!playwrights) return { args: [`--disable-features=${UNSEEN_FEATURES.join(',')}`] };
  return { ignoreDefaultArgs: [playwrights], args: [`${playwrights},${UNSEEN_FEATURES.join(',')}`] };
}

/** The browser the suites of this shard share, launched once; its address is in `SHARED_BROWSER_ENV`. */
export async function startSharedBrowser(): Promise<BrowserServer> {
  // The first launch only reads Playwright's own flags, which its API does not give otherwise.
  const probe = await chromium.launchServer(launchOptions());
  const defaults = probe.process().spawnargs;
  await probe.close();
  const server = await chromium.launchServer(launchOptions(withUnseenFeatures(defaults)));
  process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
  return server;
}

/** A browser launched for one caller alone (a suite run outside the stack project's set-up, a benchmark). */
export const launchOwnBrowser = () => chromium.launch(launchOptions());
