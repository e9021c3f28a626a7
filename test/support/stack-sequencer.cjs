const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Splits the stack suites into shards of about the same running time, where
 * Jest's own split gives each shard the same number of files: a shard that
 * drew the browser suites would run twice as long as the other. Each shard
 * runs against its own local stack, so the suites that stop the worker or
 * break its storage disturb no other shard.
 *
 * Seconds each suite took in CI, in one of two shards side by side on two
 * cores; a suite not listed counts as a short one.
 * The figures only balance the shards: a stale one costs time, never a result.
 */
const SECONDS = {
  'test/e2e/accessibility.e2e.test.ts': 225,
  'test/integration/large-media.test.ts': 112,
  'test/e2e/keys-logs-dashboard.e2e.test.ts': 104,
  'test/e2e/settings.e2e.test.ts': 97,
  'test/integration/sdk-package.test.ts': 90,
  'test/hostile/hostile-client.test.ts': 83,
  'test/e2e/billing-flow.e2e.test.ts': 83,
  'test/e2e/two-factor.e2e.test.ts': 45,
  'test/integration/worker-reliability.test.ts': 66,
  'test/e2e/tasks-page.e2e.test.ts': 69,
  'test/e2e/try-it-console.e2e.test.ts': 86,
  'test/e2e/api-logs-failures.e2e.test.ts': 54,
  'test/e2e/auth-flow.e2e.test.ts': 52,
  'test/e2e/api-docs.e2e.test.ts': 51,
  'test/integration/operations/redub.test.ts': 45,
  'test/e2e/auth-policy.e2e.test.ts': 39,
  'test/integration/two-factor-restart.test.ts': 15,
  'test/e2e/key-lifecycle.e2e.test.ts': 33,
  'test/integration/worker-failure-causes.test.ts': 32,
  'test/integration/operations/captions-auto.test.ts': 29,
  'test/hostile/dry-run-media.test.ts': 28,
  'test/integration/task-cancel.test.ts': 28,
  'test/integration/test-keys.test.ts': 28,
  'test/integration/account-deletion.test.ts': 24,
  'test/e2e/browser-upload.e2e.test.ts': 24,
  'test/integration/product-ssrf.test.ts': 24,
  'test/integration/restart-persistence.test.ts': 22,
  'test/integration/product-endpoints-voice.test.ts': 18,
  'test/integration/operations/redub-voice.test.ts': 18,
  'test/integration/usage-alerts.test.ts': 18,
  'test/integration/operations/merge-urls.test.ts': 17,
  'test/integration/account-emails.test.ts': 16,
  'test/integration/operations/merge.test.ts': 14,
  'test/integration/worker-hostile-media.test.ts': 13,
  'test/integration/product-api.test.ts': 13,
  'test/integration/callbacks.test.ts': 12,
  'test/e2e/srp-sign-in.e2e.test.ts': 12,
  'test/integration/task-list.test.ts': 11,
  'test/integration/product-limits.test.ts': 10,
  'test/integration/cognito-policy.test.ts': 10,
  'test/integration/task-metadata.test.ts': 9,
  'test/integration/media-probe.test.ts': 9,
  'test/integration/operations/frame-last.test.ts': 8,
  'test/integration/api-logs-outcomes.test.ts': 7,
  'test/integration/callback-forwarding.test.ts': 7,
  'test/integration/dry-runs.test.ts': 7,
  'test/e2e/auth-emails-language.e2e.test.ts': 7,
  'test/integration/production-voices.test.ts': 7,
  'test/integration/upload-examples.test.ts': 7,
  'test/integration/sdk-mcp.test.ts': 6,
  'test/integration/operations/cut.test.ts': 5,
  'test/integration/job-slots.test.ts': 5,
  'test/integration/product-endpoints-video.test.ts': 5,
  'test/hostile/probe-media.test.ts': 5,
};
const SHORT_SUITE_SECONDS = 4;

class StackSequencer extends Sequencer {
  /** Longest first, each to the shard with the least time so far; ties by path, so every shard process computes the same split. */
  shard(tests, { shardIndex, shardCount }) {
    const weighed = tests
      .map((test) => {
        const path = relative(test.context.config.rootDir, test.path).split('\\').join('/');
        return { test, path, seconds: SECONDS[path] ?? SHORT_SUITE_SECONDS };
      })
      .sort((a, b) => b.seconds - a.seconds || (a.path < b.path ? -1 : 1));
    const loads = Array.from({ length: shardCount }, () => 0);
    const mine = [];
    for (const item of weighed) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += item.seconds;
      if (lightest === shardIndex - 1) mine.push(item.test);
    }
    return mine;
  }
}

module.exports = StackSequencer;
