import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { structuredLogs } from './logging';

const event = {
  httpMethod: 'POST',
  resource: '/cut',
  requestContext: { requestId: 'gateway-request-1' },
} as unknown as APIGatewayProxyEvent;

const lambdaContext = {
  functionName: 'ProductCut',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:ProductCut',
  memoryLimitInMB: '1024',
  awsRequestId: 'lambda-request-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

interface Learned extends Context {
  caller?: { apiKeyId: string };
  taskId?: string;
}

/** The JSON lines the logger wrote while `run` ran. */
async function linesOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const spies = [jest.spyOn(process.stdout, 'write'), jest.spyOn(console, 'info'), jest.spyOn(console, 'error'), jest.spyOn(console, 'log')];
  for (const spy of spies) {
    (spy as jest.SpyInstance).mockImplementation((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    });
  }
  try {
    await run();
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
  return written.flatMap((text) => text.split('\n')).filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Runs the middleware around a handler as middy does (before, handler, after), without middy's ES module in jest. */
async function chain(requestEvent: APIGatewayProxyEvent, handle: (context: Learned) => APIGatewayProxyResult): Promise<void> {
  const middleware = structuredLogs<Learned>();
  const request = { event: requestEvent, context: { ...lambdaContext } as Learned, response: undefined as APIGatewayProxyResult | undefined, error: undefined, internal: {} };
  await middleware.before?.(request as never);
  request.response = handle(request.context);
  await middleware.after?.(request as never);
}

describe('structured logs of the API chains', () => {
  it('logs one JSON line per request with the gateway and Lambda request ids, the key id and the task id', async () => {
    const lines = await linesOf(() =>
      chain(event, (context) => {
        context.caller = { apiKeyId: 'key-123' };
        context.taskId = 'task-456';
        return { statusCode: 202, body: '{}' };
      }),
    );
    const answered = lines.find((l) => l.message === 'request answered');
    expect(answered).toMatchObject({
      level: 'INFO',
      service: 'frameforge-api',
      request_id: 'gateway-request-1',
      function_request_id: 'lambda-request-1',
      key_id: 'key-123',
      task_id: 'task-456',
      status: 202,
      route: '/cut',
    });
    expect(JSON.stringify(lines)).not.toContain('ff_');
  });

  it('resets the keys between requests: a second request carries none of the first one’s ids', async () => {
    await linesOf(() =>
      chain(event, (context) => {
        context.taskId = 'task-1';
        return { statusCode: 202, body: '' };
      }),
    );
    const second = await linesOf(() => chain({ ...event, requestContext: { ...event.requestContext, requestId: 'gateway-request-2' } }, () => ({ statusCode: 200, body: '' })));
    const answered = second.find((l) => l.message === 'request answered');
    expect(answered).toMatchObject({ request_id: 'gateway-request-2', status: 200 });
    expect(answered).not.toHaveProperty('task_id');
  });
});
