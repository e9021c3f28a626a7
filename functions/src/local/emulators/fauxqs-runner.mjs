// Runs fauxqs (SQS + S3) under the Node 22 binary it needs. fauxqs always
// listens on 0.0.0.0; every local server must bind 127.0.0.1, so the
// listen call is narrowed before fauxqs starts.
import net from 'node:net';
import { startFauxqs } from 'fauxqs';

const [port, dataDir, s3Dir] = process.argv.slice(2);
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function narrowed(...args) {
  const [first] = args;
  if (first && typeof first === 'object' && (first.host === '0.0.0.0' || first.host === undefined)) {
    args[0] = { ...first, host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};

const server = await startFauxqs({ port: Number(port), host: '127.0.0.1', dataDir, s3StorageDir: s3Dir, logger: false });
console.log(`fauxqs ready on ${server.address}`);
const stop = () => server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
