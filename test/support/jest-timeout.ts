// Stack tests start processes and wait for real jobs: minutes, not seconds.
jest.setTimeout(120_000);
