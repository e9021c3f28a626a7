import { type CfnResource, Names, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag names a wildcard finding after the resource as the template renders
 * it: `<LogicalId.Arn>` for a resource of the same stack, `<referenceto…Arn>`
 * for one a nested stack receives as a parameter, pseudo parameters in angle
 * brackets. These helpers write that name, so an acknowledgment covers
 * exactly one resource's wildcard on one principal and nothing else.
 */
export function renderedArn(from: IConstruct, target: CfnResource, attribute: 'Arn' | 'Ref' = 'Arn'): string {
  const owner = Stack.of(target);
  if (Stack.of(from) === owner) {
    const logicalId = String(owner.resolve(target.logicalId));
    return attribute === 'Ref' ? `<${logicalId}>` : `<${logicalId}.${attribute}>`;
  }
  return `<referenceto${Names.nodeUniqueId(target.node)}${attribute}>`;
}

/** A pseudo parameter as cdk-nag shows it: its value when known at synthesis, `<AWS::Region>` otherwise. */
export const renderedPseudo = (value: string, pseudo: 'AWS::Region' | 'AWS::AccountId' | 'AWS::Partition'): string =>
  Token.isUnresolved(value) ? `<${pseudo}>` : value;

/** Acknowledges one wildcard resource on one principal (its role and that role's policies), with the reason. */
export function acknowledgeWildcard(principal: IConstruct, renderedResource: string, reason: string): void {
  Validations.of(principal).acknowledge({ id: `AwsSolutions-IAM5[Resource::${renderedResource}]`, reason });
}
