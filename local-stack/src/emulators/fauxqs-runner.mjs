// Runs fauxqs under the Node 22 binary it needs, for SQS only: S3 is the
// emulator in ./s3 (fauxqs's S3 side cannot be turned off; nothing calls it).
// fauxqs always listens on 0.0.0.0; every local server must bind 127.0.0.1,
// so the listen call is narrowed before fauxqs starts.
import net from 'node:net';
import { startFauxqs } from 'fauxqs';

const [port, dataDir] = process.argv.slice(2);

// While a receive waits on a queue, fauxqs looks at its delayed and in-flight
// messages every 20 ms: 50 wake-ups a second for as long as the worker long-polls,
// that is for as long as the stack runs. A message sent, or made visible again
// at once, still reaches a waiting receive at once (fauxqs hands it over then);
// only a delay or a visibility timeout that runs out is seen up to 100 ms late.
const QUEUE_TIMER_MS = 20;
const LOCAL_QUEUE_TIMER_MS = 100;
const everyInterval = globalThis.setInterval;
globalThis.setInterval = (callback, ms, ...args) => everyInterval(callback, ms === QUEUE_TIMER_MS ? LOCAL_QUEUE_TIMER_MS : ms, ...args);
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function narrowed(...args) {
  const [first] = args;
  if (first && typeof first === 'object' && (first.host === '0.0.0.0' || first.host === undefined)) {
    args[0] = { ...first, host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};

const server = await startFauxqs({ port: Number(port), host: '127.0.0.1', dataDir, logger: false });
console.log(`fauxqs ready on ${server.address}`);
const stop = () => server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
