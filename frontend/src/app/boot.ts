import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';
import { fetchRuntimeConfig } from '../config/fetch-runtime-config';
import { i18nReady } from '../lib/i18n';
import { hasStoredSession, likelyFirstScreens } from './first-screen';

// Everything here starts as the first chunk runs, side by side, before React renders anything.

export type SessionModule = typeof import('./session');

/** Amplify keeps a session: without one, the visitor is signed out before Amplify has even loaded. */
export const storedSession = hasStoredSession();

/** The screens a signed-out visitor may see first, before the session's chunk (auth provider, TanStack Query) has come. */
const SHELL_PATHS: readonly string[] = ['/', '/login'];

const firstPath = window.location.pathname;

/** Any other screen, or a stored session, waits for the session's chunk before showing. */
export const sessionFirst = storedSession || !SHELL_PATHS.includes(firstPath);

/** The one path shown before the session: the first screen of a signed-out visitor, none else. */
export const shellPath = sessionFirst ? null : firstPath;

/** `/config.json`, checked, and the first texts. */
export const configReady: Promise<PortalConfig> = Promise.all([fetchRuntimeConfig(), import('../config/runtime-config'), i18nReady]).then(
  ([body, { acceptRuntimeConfig }]) => acceptRuntimeConfig(body),
);
configReady.catch(() => undefined); // shown by App, not reported as unhandled before it mounts

let amplify: Promise<void> | undefined;

/** Amplify pointed at the configured user pool: before anything signs in or reads the session. */
function amplifyReady(): Promise<void> {
  amplify ??= Promise.all([configReady, import('../lib/amplify')]).then(([config, { configureAmplify }]) => configureAmplify(config));
  return amplify;
}

let session: Promise<SessionModule> | undefined;

/** The auth provider, TanStack Query and the portal API client; loaded once. */
export function loadSession(): Promise<SessionModule> {
  session ??= Promise.all([import('./session'), amplifyReady()]).then(([module]) => module);
  return session;
}

// A screen that fails to load is left to the router's error page, not the start.
const firstScreens = likelyFirstScreens(firstPath, storedSession).map((screen) => screen.preload().catch(() => undefined));

/** The config, the first texts and the first screen: a signed-out visitor's first screen can show. */
export const shellReady: Promise<unknown> = Promise.all([configReady, ...firstScreens, ...(firstPath === '/login' ? [amplifyReady()] : [])]);

/** The session and the first screen: any screen can show. */
export function sessionReady(): Promise<SessionModule> {
  return Promise.all([loadSession(), ...firstScreens]).then(([module]) => module);
}

if (sessionFirst) loadSession().catch(() => undefined);
