// Loads one Lambda bundle in this fresh process, as the Lambda runtime does on
// a cold start, then invokes its handler with one event. Plain CommonJS on
// purpose: nothing but Node itself may stand between the timer and the bundle.
// argv: <bundle folder> <event JSON> <handler export>; prints one JSON line.
const { join } = require('node:path');

const [dir, eventJson, exportName = 'handler'] = process.argv.slice(2);
// The handler's own logs share stdout: the report is the line with this mark.
const report = (value) => process.stdout.write(`@@bundle-check ${JSON.stringify(value)}\n`);
const started = process.hrtime.bigint();
let mod;
try {
  mod = require(join(dir, 'index.js'));
} catch (error) {
  report({ loaded: false, error: String(error && error.stack ? error.stack : error) });
  process.exit(0);
}
const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
const handler = mod[exportName];
if (typeof handler !== 'function') {
  report({ loaded: true, loadMs, error: `no ${exportName} export` });
  process.exit(0);
}
if (!eventJson) {
  report({ loaded: true, loadMs });
  process.exit(0);
}
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
Promise.resolve()
  .then(() => handler(JSON.parse(eventJson), context))
  .then(
    (result) => report({ loaded: true, loadMs, result }),
    (error) => report({ loaded: true, loadMs, thrown: String(error && error.message ? error.message : error) }),
  )
  .then(() => process.exit(0));
