import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

function newest(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the portal when its sources are newer than the last build. */
export function ensureFrontendBuild(frontendDir: string): string {
  const dist = join(frontendDir, 'dist');
  const built = join(dist, 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(frontendDir, p)).filter(existsSync);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newest))) return dist;
  console.log('Building the portal...');
  execFileSync(process.execPath, [join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: frontendDir,
    stdio: 'inherit',
    // What ships: under the test stack's NODE_ENV=test, Vite would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return dist;
}
