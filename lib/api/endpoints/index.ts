import type { Endpoint } from '../endpoint';
import { getRequestEndpoint } from './requests';

// Every ledger endpoint, for the OpenAPI document. A route without an entry here is a bug.
export const ALL_ENDPOINTS: Endpoint[] = [getRequestEndpoint] as Endpoint[];
