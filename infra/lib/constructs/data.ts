import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  tables as tableDefinitions,
  type KeyDefinition,
  type TableDefinition,
  type TableId,
} from '@frameforge/functions/kernel/contracts/resources';

const attribute = (key: KeyDefinition): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
});

/**
 * One DynamoDB table per shared definition, so the local emulator and AWS hold
 * the same keys, indexes and TTL. Tables are retained and protected from
 * deletion: they hold customers' keys and job history, which neither a stack
 * deletion nor a stray DeleteTable may take with it.
 */
export class Data extends Construct {
  readonly tables: Record<TableId, dynamodb.Table>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const entries = Object.entries(tableDefinitions) as [TableId, TableDefinition][];
    this.tables = Object.fromEntries(entries.map(([key, def]) => [key, this.table(def)])) as Record<
      TableId,
      dynamodb.Table
    >;
  }

  /** `TABLE_*` variables that carry the physical names to handlers and the worker. */
  environment(): Record<string, string> {
    return Object.fromEntries(
      (Object.keys(tableDefinitions) as TableId[]).map((key) => [tableDefinitions[key].envVar, this.tables[key].tableName]),
    );
  }

  private table(def: TableDefinition): dynamodb.Table {
    const table = new dynamodb.Table(this, def.id, {
      partitionKey: attribute(def.partitionKey),
      ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      ...(def.timeToLiveAttribute ? { timeToLiveAttribute: def.timeToLiveAttribute } : {}),
      ...(def.stream ? { stream: dynamodb.StreamViewType[def.stream] } : {}),
      removalPolicy: RemovalPolicy.RETAIN,
      // Retention covers a stack deletion; this also refuses a DeleteTable from the console, the CLI or a
      // replacement that a changed key would cause.
      deletionProtection: true,
    });
    for (const index of def.globalIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }
}
