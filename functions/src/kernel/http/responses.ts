import type { APIGatewayProxyResult } from 'aws-lambda';

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

export function text(statusCode: number, body: string, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return { statusCode, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body };
}

export function redirect(location: string, statusCode = 302): APIGatewayProxyResult {
  return { statusCode, headers: { Location: location, 'Cache-Control': 'no-store' }, body: '' };
}
