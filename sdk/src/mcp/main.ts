#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { FrameForge } from '../client.js';
import { serveJsonRpc } from './json-rpc.js';
import { mcpHandler } from './server.js';

/**
 * The MCP server on stdio: `FRAMEFORGE_API_KEY=… FRAMEFORGE_API_URL=… frameforge-mcp`. Standard output carries
 * the protocol only; anything for people goes to standard error.
 */

const apiKey = process.env.FRAMEFORGE_API_KEY;
const baseUrl = process.env.FRAMEFORGE_API_URL;
if (!apiKey || !baseUrl) {
  console.error('Set FRAMEFORGE_API_KEY (your secret key) and FRAMEFORGE_API_URL (the API base URL).');
  process.exit(2);
}

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const client = new FrameForge({ apiKey, baseUrl, onRetry: (info) => console.error(`retrying ${info.method} ${info.path} in ${info.delayMs} ms (${info.status ?? 'no answer'})`) });
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
serveJsonRpc({ onLine: (listener) => lines.on('line', listener), write: (line) => process.stdout.write(`${line}\n`) }, mcpHandler(client, version));
lines.on('close', () => process.exit(0));
