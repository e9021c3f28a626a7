import { Amplify } from 'aws-amplify';
import type { PortalConfig } from '@frameforge/functions/kernel/contracts/portal-config';

export function configureAmplify(config: PortalConfig): void {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = config;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
