import type { Template } from 'aws-cdk-lib/assertions';
import { WORKER_HAND_BACK_SECONDS, WORKER_STOP_TIMEOUT_SECONDS, WORKER_STOP_WINDOW_SECONDS } from '@frameforge/functions/features/jobs/contracts/worker-lifecycle';
import { backlogSteps, JOBS_PER_TASK } from '@frameforge/infra/lib/constructs/worker-scaling';
import { resourcesOf, synthTemplate } from './support/synth-stack';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

interface ContainerDefinition {
  StopTimeout: number;
  HealthCheck?: { Command: string[]; Interval: number; Retries: number; StartPeriod: number; Timeout: number };
}

const workerContainer = (): ContainerDefinition => {
  const [task] = resourcesOf(template, 'AWS::ECS::TaskDefinition');
  const [container] = task!.Properties.ContainerDefinitions as ContainerDefinition[];
  return container!;
};

describe('the worker task', () => {
  it('gives the worker the stop timeout its stop window was derived from', () => {
    expect(workerContainer().StopTimeout).toBe(WORKER_STOP_TIMEOUT_SECONDS);
    expect(WORKER_STOP_WINDOW_SECONDS + WORKER_HAND_BACK_SECONDS).toBeLessThan(workerContainer().StopTimeout);
  });

  it("checks the worker's heartbeat as the image does, replacing a wedged task within a few minutes", () => {
    const check = workerContainer().HealthCheck;
    expect(check?.Command).toEqual(['CMD', 'node', 'healthcheck.js']);
    expect(check!.Interval * check!.Retries).toBeLessThanOrEqual(180);
    expect(check!.StartPeriod).toBeGreaterThan(0);
  });
});

describe('worker scaling', () => {
  const stepsInTemplate = () => {
    const adjustments = resourcesOf(template, 'AWS::ApplicationAutoScaling::ScalingPolicy').flatMap(
      (p) => (p.Properties.StepScalingPolicyConfiguration as { StepAdjustments: { MetricIntervalLowerBound?: number; ScalingAdjustment: number }[] }).StepAdjustments,
    );
    return adjustments.filter((a) => a.MetricIntervalLowerBound !== undefined).sort((a, b) => a.MetricIntervalLowerBound! - b.MetricIntervalLowerBound!);
  };

  it('runs one task per job waiting or running, from one to the maximum, one step at a time', () => {
    const steps = stepsInTemplate();
    // The alarm's threshold is the first step's bound; the policy's bounds are relative to it.
    const threshold = steps[0]!.MetricIntervalLowerBound!;
    const capacities = steps.map((s) => [s.MetricIntervalLowerBound! - threshold + 1, s.ScalingAdjustment]);
    expect(capacities).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, i + 1]));
  });

  it('spreads its steps evenly when there are more tasks than steps, never more tasks than jobs', () => {
    const steps = backlogSteps({ minTasks: 0, maxTasks: 60 });
    expect(steps.length).toBeLessThanOrEqual(20);
    expect(steps.at(-1)).toEqual({ fromBacklog: 60 * JOBS_PER_TASK, tasks: 60 });
    for (const step of steps) expect(step.tasks).toBeLessThanOrEqual(Math.max(0, Math.ceil(step.fromBacklog / JOBS_PER_TASK)));
    const gaps = steps.slice(2).map((step, i) => step.tasks - steps[i + 1]!.tasks);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('keeps the minimum when the queue is empty', () => {
    expect(backlogSteps({ minTasks: 1, maxTasks: 10 })[0]).toEqual({ fromBacklog: 0, tasks: 1 });
    expect(backlogSteps({ minTasks: 0, maxTasks: 10 })[0]).toEqual({ fromBacklog: 0, tasks: 0 });
  });
});
