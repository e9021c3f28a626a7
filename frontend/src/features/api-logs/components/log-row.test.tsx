import { screen, within } from '@testing-library/react';
import type { ApiLogView } from '@frameforge/functions/features/request-logs/contracts/api-logs';
import common from '../../../locales/en/common.json';
import { renderScreen } from '../../../testing/render-screen';
import { storeSignedInSession } from '../../../testing/session';
import { LogTable } from './log-table';

const row = (overrides: Partial<ApiLogView> & Pick<ApiLogView, 'id' | 'key_name'>): ApiLogView => ({
  api_key_id: '6f1c2b9e-4d3a-4f5e-8a7b-1c2d3e4f5a6b',
  masked_key: 'ff_test_…Kd9Q',
  method: 'POST',
  endpoint: '/cut',
  status_code: 202,
  duration_ms: 180,
  created_at: '2026-03-02T09:30:00.000Z',
  error_message: null,
  error_code: null,
  task_id: null,
  task: null,
  request_id: 'req-1',
  query: null,
  metadata: null,
  key_mode: 'live',
  ...overrides,
});

beforeEach(() => storeSignedInSession());

describe('request log rows', () => {
  it('shows the Test badge on the rows a test key made, and only there', async () => {
    const logs = [row({ id: 'log-test', key_name: 'Sandbox', key_mode: 'test' }), row({ id: 'log-live', key_name: 'Production' })];
    await renderScreen(<LogTable logs={logs} productApiUrl="https://api.example.com" onViewError={() => undefined} onCurlCopied={() => undefined} />, {
      namespaces: ['apiLogs', 'common'],
    });
    const [testRow, liveRow] = await screen.findAllByTestId('log-row');
    if (!testRow || !liveRow) throw new Error('two rows expected');
    expect(within(testRow).getByTestId('test-badge')).toHaveTextContent(common.testBadge.label);
    expect(within(testRow).getByTestId('test-badge')).toHaveAttribute('title', common.testBadge.title);
    expect(within(liveRow).queryByTestId('test-badge')).not.toBeInTheDocument();
  });
});
