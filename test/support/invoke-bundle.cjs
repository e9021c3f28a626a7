// Loads one Lambda bundle in this fresh process, as the Lambda runtime does on
// a cold start, then invokes its handler with one event. Plain CommonJS on
// purpose: nothing but Node itself may stand between the timer and the bundle.
// argv: <bundle folder> <event JSON> <handler export>; prints one JSON line.
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const [dir, eventJson, exportName = 'handler'] = process.argv.slice(2);
// The handler's own logs share stdout: the report is the line with this mark.
// A pipe takes writes asynchronously: exiting before a large report (the OpenAPI
// document is over 64 KiB) is flushed would cut it, so every exit waits for it.
const report = (value) => new Promise((resolve) => process.stdout.write(`@@bundle-check ${JSON.stringify(value)}\n`, resolve));
const context = {
  awsRequestId: 'bundle-check-request',
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME || 'bundle-check',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:bundle-check',
  memoryLimitInMB: '512',
  logGroupName: '/aws/lambda/bundle-check',
  logStreamName: 'bundle-check',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 10000,
  done() {},
  fail() {},
  succeed() {},
};

async function main() {
  const started = process.hrtime.bigint();
  let mod;
  try {
    // The entry Lambda's `index.handler` finds: every bundle is an ES module.
    mod = await import(pathToFileURL(join(dir, 'index.mjs')).href);
  } catch (error) {
    return report({ loaded: false, error: String(error && error.stack ? error.stack : error) });
  }
  const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
  const handler = mod[exportName];
  if (typeof handler !== 'function') return report({ loaded: true, loadMs, error: `no ${exportName} export` });
  if (!eventJson) return report({ loaded: true, loadMs });
  try {
    const result = await handler(JSON.parse(eventJson), context);
    return report({ loaded: true, loadMs, result });
  } catch (error) {
    return report({ loaded: true, loadMs, thrown: String(error && error.message ? error.message : error) });
  }
}

main().then(() => process.exit(0));
