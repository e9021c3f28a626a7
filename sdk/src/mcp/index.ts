export { serveJsonRpc, type LineChannel } from './json-rpc.js';
export { mcpHandler } from './server.js';
export { runTool, toolDefinitions, type ToolDefinition } from './tools.js';
