import { activeKey, markKeyUsed } from '../../api-keys/http/active-key';
import { activeKeys } from '../../api-keys/wiring/active-keys';
import { requestLog } from '../../request-logs/http/request-log';
import { requestLogs } from '../../request-logs/wiring/request-logs';

/**
 * The checks of the kernel's keyed chain, as the api-keys and request-logs
 * rooms make them: every keyed route of these functions logs its request
 * (with the key's last use beside it) and refuses a key no longer active.
 */
export const keyChecks = { requestLog: requestLog(requestLogs, markKeyUsed(activeKeys)), activeKey: activeKey(activeKeys) };
