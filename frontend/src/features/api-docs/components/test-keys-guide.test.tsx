import { screen } from '@testing-library/react';
import { TEST_MODE } from '@frameforge/functions/kernel/contracts/key-modes';
import { renderScreen } from '../../../testing/render-screen';
import { TestKeysGuide } from './test-keys-guide';

describe('the test keys guide of the API docs', () => {
  it('says what a test key is, with the caps and limits the worker and the API apply', async () => {
    await renderScreen(<TestKeysGuide />, { namespaces: ['apiDocs'] });
    const section = await screen.findByRole('region', { name: 'Test keys' });
    expect(section).toHaveTextContent('ff_test_');
    expect(section).toHaveTextContent(`“${TEST_MODE.watermark}”`);
    expect(section).toHaveTextContent(`at most ${TEST_MODE.maxOutputSeconds} seconds long and ${TEST_MODE.maxOutputHeight} pixels high`);
    expect(section).toHaveTextContent(`${TEST_MODE.requestsPerMinute} processing requests per minute`);
    expect(section).toHaveTextContent(`run ${TEST_MODE.concurrentJobs} at a time`);
    expect(section).toHaveTextContent("never count against your plan's allowance");
  });
});
