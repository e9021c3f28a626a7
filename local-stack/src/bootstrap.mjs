// Installs what a fresh machine lacks before anything TypeScript can run:
// Debian packages (ffmpeg, and Chromium for the browser tests) and the npm
// workspaces. Plain Node with no dependencies, on purpose.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const withBrowser = process.argv.includes('--with-browser');

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args, options = {}) {
  console.log(`> ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, ...options });
}

function ensureDebianPackages() {
  const wanted = [];
  if (!has('ffmpeg') || !has('ffprobe')) wanted.push('ffmpeg');
  // The local speech recogniser of captions_auto, with its US English model.
  if (!has('pocketsphinx_continuous')) wanted.push('pocketsphinx', 'pocketsphinx-en-us');
  if (withBrowser && !existsSync('/usr/bin/chromium')) wanted.push('chromium');
  // Debian's build of Chromium's headless shell, which the browser tests drive: the same engine without a browser's UI around it.
  if (withBrowser && !existsSync('/usr/bin/chromium-headless-shell')) wanted.push('chromium-headless-shell');
  // The API docs' upload examples are run by the tests as a developer runs them: curl with jq, and Python.
  if (withBrowser && !has('jq')) wanted.push('jq');
  if (withBrowser && !has('python3')) wanted.push('python3');
  if (wanted.length === 0) return;
  if (!has('apt-get')) throw new Error(`Missing ${wanted.join(', ')} and no apt-get to install them.`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    sudo.length ? run('sudo', ['apt-get', ...args], { env }) : run('apt-get', args, { env });
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', ...wanted);
}

function ensureNodePackages() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.frameforge-installed');
  const digest = existsSync(lock)
    ? createHash('sha256').update(readFileSync(lock)).update(readFileSync(join(root, 'package.json'))).digest('hex')
    : 'no-lock';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  // Exactly what the lock file says, or a loud failure when it disagrees with a package.json.
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, digest);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is required (this is ${process.versions.node}).`);
  process.exit(1);
}
ensureDebianPackages();
ensureNodePackages();
