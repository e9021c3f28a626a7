import { freePort, isPortFree } from './processes';

/** The ports `npm start` uses, all on 127.0.0.1. */
export const FIXED_PORTS = {
  portal: 4000,
  portalApi: 4001,
  productApi: 4002,
  inbox: 4003,
  smtp: 4004,
  dynamodb: 4005,
  sqs: 4006,
  cognito: 4007,
  lambda: 4008,
  billing: 4009,
  s3: 4010,
  callbackTap: 4011,
  apiGateway: 4012,
};
export type PortName = keyof typeof FIXED_PORTS;

/** The fixed ports, refusing any that is taken; or free ones, for tests that run beside `npm start`. */
export async function choosePorts(auto: boolean): Promise<Record<PortName, number>> {
  if (!auto) {
    // An emulator that cannot bind would leave us talking to whatever holds its port.
    for (const [name, port] of Object.entries(FIXED_PORTS)) {
      if (!(await isPortFree(port))) {
        throw new Error(`Port ${port} (${name}) is in use: is another \`npm start\` running? Stop it, or start with --auto-ports.`);
      }
    }
    return FIXED_PORTS;
  }
  const entries = await Promise.all(Object.keys(FIXED_PORTS).map(async (name) => [name, await freePort()] as const));
  return Object.fromEntries(entries) as Record<PortName, number>;
}
