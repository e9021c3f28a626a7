/**
 * The one door to cognito-local's private modules. It publishes no API for
 * composing its server with our own delivery, triggers and targets, so the
 * emulator reaches into its `lib/` files, which any release may move or
 * change. Everything the emulator takes from them is re-exported here and
 * nowhere else imports them; the test beside this file fails as soon as the
 * installed version is not the one below or one of these modules is gone.
 */
// Loading these loads the v2 AWS SDK (cognito-local calls Lambda triggers with it), which warns on every start.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
export { CognitoError, InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors';
export { createServer } from 'cognito-local/lib/server/server';
export { Router } from 'cognito-local/lib/server/Router';
export { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
export { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
export { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
export { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
export { CryptoService } from 'cognito-local/lib/services/crypto';
export { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
export { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
export { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod';
export { otp } from 'cognito-local/lib/services/otp';

/** The cognito-local release whose internals the lines above were written against and tested with. */
export const COGNITO_LOCAL_VERSION = '5.3.0';
