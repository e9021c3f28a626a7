import { App } from 'aws-cdk-lib';
import { FrameForgeStack } from '../lib/frameforge-stack';

const app = new App();

new FrameForgeStack(app, 'FrameForge', {
  description: 'FrameForge: developer portal and FFmpeg API',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
