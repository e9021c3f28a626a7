import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LocalPortalClient } from './portal-client';
import { repoRoot, type Endpoints } from './stack';

/**
 * `npm run --silent local:user -- EMAIL`: a confirmed local user and a fresh
 * API key, made through the same sign-up, e-mail link and portal API as a
 * person would use. Prints one JSON line: { email, password, apiKey }.
 */
async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error('Usage: npm run --silent local:user -- you@example.com');
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
  const { key } = await client.createApiKey(idToken, `local ${new Date().toISOString().slice(0, 19)}`);
  console.log(JSON.stringify({ email, password, apiKey: key }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
