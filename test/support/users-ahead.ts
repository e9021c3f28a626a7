import type { Endpoints } from '@frameforge/local-stack/stack';
import { confirmedUser, type TestUser } from './billing';

/**
 * New confirmed users (see confirmedUser) for the tests of a file that each need one of their
 * own, made a few ahead while the tests before run, so a test seldom waits for its sign-up.
 * Each call hands a user no other call got; the file ends once those still being made are.
 */
export function confirmedUsersAhead(endpoints: Endpoints, prefix: string, ahead = 2): () => Promise<TestUser> {
  const ready: Promise<TestUser>[] = [];
  const making = new Set<Promise<void>>();
  const start = () => {
    const made = confirmedUser(endpoints, prefix);
    const settled = made.then(
      () => undefined,
      () => undefined,
    );
    making.add(settled);
    void settled.then(() => making.delete(settled));
    ready.push(made);
  };
  afterAll(async () => {
    await Promise.all([...making]);
  });
  return () => {
    if (ready.length === 0) start();
    const next = ready.shift() as Promise<TestUser>;
    while (ready.length < ahead) start();
    return next;
  };
}
