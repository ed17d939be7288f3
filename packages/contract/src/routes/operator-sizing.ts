import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Operator mode's sizing helpers for the Create Tenant wizard (spec 002 §2.5, §7; operator.md
// §4.1, §4.3): the parities a pool can use, and the memory each server can get.

export const ParityParams = Type.Object(
  {
    nodes: Type.Integer({ description: 'Servers in the pool' }),
    disksPerNode: Type.Integer({ description: 'Drives per server' }),
  },
  { $id: 'ParityParams' },
);
export type ParityParams = Static<typeof ParityParams>;

/** `EC:N` choices, largest parity first, down to EC:2. */
export const ParityList = Type.Array(Type.String(), { $id: 'ParityList' });
export type ParityList = Static<typeof ParityList>;

export const MaxAllocatableMemoryQuery = Type.Object(
  { num_nodes: Type.Integer({ description: 'Servers the tenant will run' }) },
  { $id: 'MaxAllocatableMemoryQuery' },
);
export type MaxAllocatableMemoryQuery = Static<typeof MaxAllocatableMemoryQuery>;

export const MaxAllocatableMemory = Type.Object(
  { max_memory: Type.Integer({ minimum: 0, description: 'Bytes each of the servers can be given' }) },
  { $id: 'MaxAllocatableMemory' },
);
export type MaxAllocatableMemory = Static<typeof MaxAllocatableMemory>;

export const getParity = defineRoute({
  id: 'getParity',
  method: 'GET',
  path: '/get-parity/:nodes/:disksPerNode',
  summary:
    'The erasure-code parities a pool of nodes × drives can use; 500 with MinIO’s reason when it cannot form sets',
  tag: 'operator',
  auth: true,
  params: ParityParams,
  responses: { 200: ParityList, ...CALL_ERRORS },
});

export const getMaxAllocatableMemory = defineRoute({
  id: 'getMaxAllocatableMemory',
  method: 'GET',
  path: '/cluster/max-allocatable-memory',
  summary:
    'The most memory each of num_nodes servers can get from the cluster; 507 when it has too few nodes',
  tag: 'operator',
  auth: true,
  query: MaxAllocatableMemoryQuery,
  responses: { 200: MaxAllocatableMemory, ...CALL_ERRORS, 507: ApiErrorBody },
});
