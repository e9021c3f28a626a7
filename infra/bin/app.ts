import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/frameforge-app';

buildApp(new App(), { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
