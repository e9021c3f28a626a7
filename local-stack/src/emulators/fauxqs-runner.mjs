// Runs fauxqs under the Node 22 binary it needs, for SQS only: S3 is the
// emulator in ./s3 (fauxqs's S3 side cannot be turned off; nothing calls it).
// fauxqs always listens on 0.0.0.0; every local server must bind 127.0.0.1,
// so the listen call is narrowed before fauxqs starts.
import net from 'node:net';
import { startFauxqs } from 'fauxqs';

const [port, dataDir] = process.argv.slice(2);
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
