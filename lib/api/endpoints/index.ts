import type { Endpoint } from '../endpoint';
import { listProductsEndpoint, productSchemaEndpoint } from './products';
import { getRequestEndpoint } from './requests';

// Every ledger endpoint, for the OpenAPI document. A route without an entry here is a bug.
export const ALL_ENDPOINTS: Endpoint[] = [listProductsEndpoint, productSchemaEndpoint, getRequestEndpoint] as Endpoint[];
