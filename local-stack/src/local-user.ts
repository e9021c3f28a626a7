import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tierSchema } from '@frameforge/functions/kernel/contracts/plans';
import { grantAdmin, userIdOf } from './admin-role';
import { LocalPortalClient } from './portal-client';
import { repoRoot, type Endpoints, type LocalServices } from './stack';

const USAGE = 'Usage: npm run --silent local:user -- you@example.com [basic|boost|elite|admin]';

/**
 * `npm run --silent local:user -- EMAIL [basic|boost|elite|admin]`: a
 * confirmed local user with a subscription (Basic when omitted) and a fresh
 * API key, made through the same sign-up, e-mail link, sandbox checkout,
 * webhook and portal API a person would use. `admin` makes an admin, who has
 * Admin Access without paying. Prints one JSON line: { email, password, tier, apiKey }.
 */
async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  const plan = process.argv[3]?.trim().toLowerCase() ?? 'basic';
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !(plan === 'admin' || tierSchema.safeParse(plan).success)) {
    console.error(USAGE);
    process.exit(2);
  }
  const stateDir = process.env.FRAMEFORGE_STATE_DIR ?? join(repoRoot, '.local');
  const endpointsFile = join(stateDir, 'endpoints.json');
  if (!existsSync(endpointsFile)) {
    console.error('The local stack is not running: start it with `npm start` first.');
    process.exit(1);
  }
  const endpoints = JSON.parse(readFileSync(endpointsFile, 'utf8')) as Endpoints;
  const client = await LocalPortalClient.connect(endpoints).catch(() => {
    console.error(`The portal does not answer at ${endpoints.portal}: is \`npm start\` running?`);
    process.exit(1);
  });

  // Passwords of users made here are remembered locally, so a second call reuses the account.
  const usersFile = join(stateDir, 'local-users.json');
  const users = existsSync(usersFile) ? (JSON.parse(readFileSync(usersFile, 'utf8')) as Record<string, string>) : {};
  let password = users[email];
  if (!password) {
    password = `Local-${randomBytes(9).toString('base64url')}`;
    const startedAt = Date.now() - 1000;
    await client.signUp(email, password);
    const landing = await client.confirmFromInbox(email, startedAt);
    if (!landing.includes('verified=1')) throw new Error(`E-mail confirmation failed: ${landing}`);
    users[email] = password;
    mkdirSync(dirname(usersFile), { recursive: true });
    writeFileSync(usersFile, JSON.stringify(users, null, 2), { mode: 0o600 });
  }
  const idToken = await client.signIn(email, password);
  if (plan === 'admin') {
    const services = JSON.parse(readFileSync(join(stateDir, 'services.json'), 'utf8')) as LocalServices;
    await grantAdmin(services, userIdOf(idToken));
  } else {
    await client.subscribe(idToken, tierSchema.parse(plan));
  }
  const { key } = await client.createApiKey(idToken, `local ${new Date().toISOString().slice(0, 19)}`);
  console.log(JSON.stringify({ email, password, tier: plan, apiKey: key }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
