import { execFile, spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from '../support/eventually';
import { repoRoot } from '../support/stack-process';

const exec = promisify(execFile);

/** `npm pack` of the sdk workspace, as it would be published (its prepack builds it): the tarball's path. */
export async function packSdk(into: string): Promise<string> {
  const { stdout } = await exec('npm', ['pack', '--silent', '--pack-destination', into], { cwd: join(repoRoot, 'sdk'), maxBuffer: 16 * 1024 * 1024 });
  const name = stdout.trim().split('\n').pop() ?? '';
  return join(into, name);
}

/** A customer's project holding the tarball and nothing else; offline, so a dependency it declared could not be fetched. */
export async function installTarball(tarball: string, project: string): Promise<string[]> {
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'sdk-customer', private: true, type: 'module' }));
  await exec('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
  return readdirSync(join(project, 'node_modules'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'package.json' && !entry.parentPath.includes(`${join('sdk', 'dist')}`))
    .map((entry) => entry.parentPath.slice(join(project, 'node_modules').length + 1));
}

/** About 30 MB of 720p at a constant 12 Mbit/s: big enough to go in parts, quick to make. */
export async function makeThirtyMegabyteClip(path: string): Promise<void> {
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=duration=20:size=1280x720:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-x264-params', 'nal-hrd=cbr', '-b:v', '12M', '-minrate', '12M', '-maxrate', '12M', '-bufsize', '12M',
    '-c:a', 'aac', '-shortest', path,
  ]);
}

/** Runs a Node script in the customer's project: its stdout's last line, parsed. */
export async function runScript(project: string, script: string, env: Record<string, string>): Promise<unknown> {
  const { stdout } = await exec(process.execPath, [script], { cwd: project, env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? 'null');
}

/**
 * Starts the installed package's `frameforge-mcp` command and asks it, as an MCP host does first, to
 * initialize and list its tools: the answers, one JSON line each.
 */
export async function askInstalledMcpServer(project: string, env: Record<string, string>): Promise<unknown[]> {
  const server = spawn(join(project, 'node_modules', '.bin', 'frameforge-mcp'), [], { cwd: project, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const requests = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
  ];
  server.stdin.write(requests.map((request) => `${JSON.stringify(request)}\n`).join(''));
  try {
    return await eventually(() => {
      const lines = output.split('\n').filter(Boolean);
      return lines.length >= 2 ? lines.map((line) => JSON.parse(line) as unknown) : undefined;
    }, { timeoutMs: 10_000, what: `the MCP server's answers (so far: ${output})` });
  } finally {
    server.kill();
  }
}
