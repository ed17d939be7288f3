import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Server configuration sub-systems (spec 000 §3 "Configuration"), one target at a time.

const TARGET_CHARS = '[A-Za-z0-9_.-]';

/** A target's name within a sub-system (after the colon): `primary` in `notify_webhook:primary`. */
export const ConfigTargetName = Type.String({ minLength: 1, maxLength: 64, pattern: `^${TARGET_CHARS}+$` });

/** `subsys` or `subsys:target`, e.g. `region`, `notify_webhook:primary`. */
const configId = Type.String({ pattern: `^[a-z][a-z0-9_]{0,63}(:${TARGET_CHARS}{1,64})?$` });
const key = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });

export const ConfigKeyValue = Type.Object(
  {
    key,
    value: Type.String(),
    /**
     * A secret (password, token, private key) is never sent to the browser: its value is ''
     * and this is true when one is set. Saving it back as '' keeps the stored secret.
     */
    redacted: Type.Optional(Type.Boolean()),
    /** Set by an environment variable on the server, which wins over any value saved here. */
    fromEnv: Type.Optional(Type.Boolean()),
  },
  { $id: 'ConfigKeyValue' },
);
export type ConfigKeyValue = Static<typeof ConfigKeyValue>;

export const Configuration = Type.Object(
  { name: Type.String(), key_values: Type.Array(ConfigKeyValue) },
  { $id: 'Configuration' },
);
export type Configuration = Static<typeof Configuration>;

export const SetConfigRequest = Type.Object(
  {
    key_values: Type.Array(
      Type.Object(
        // Quotes and line breaks cannot be stored in the server's config text.
        { key, value: Type.String({ maxLength: 4096, pattern: '^[^"\\r\\n]*$' }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { $id: 'SetConfigRequest', additionalProperties: false },
);
export type SetConfigRequest = Static<typeof SetConfigRequest>;

export const SetConfigResponse = Type.Object(
  { restart: Type.Boolean({ description: 'true when the change takes effect after a restart' }) },
  { $id: 'SetConfigResponse' },
);

const params = Type.Object({ configId });

export const getConfig = defineRoute({
  id: 'getConfig',
  method: 'GET',
  path: '/configs/:configId',
  summary: "One configuration sub-system's keys and values (secrets redacted)",
  tag: 'configuration',
  auth: true,
  params,
  responses: { 200: Configuration, ...CALL_ERRORS, 404: ApiErrorBody },
});

/** A multi-target sub-system such as logger_webhook: every configured target, default one included. */
export const ListConfigTargetsResponse = Type.Object(
  { items: Type.Array(Configuration) },
  { $id: 'ListConfigTargetsResponse' },
);
export type ListConfigTargetsResponse = Static<typeof ListConfigTargetsResponse>;

export const listConfigTargets = defineRoute({
  id: 'listConfigTargets',
  method: 'GET',
  path: '/configs/:subSys/targets',
  summary: 'Every configured target of one sub-system (`subsys:target` names, secrets redacted)',
  tag: 'configuration',
  auth: true,
  params: Type.Object({ subSys: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }) }),
  responses: { 200: ListConfigTargetsResponse, ...CALL_ERRORS },
});

export const setConfig = defineRoute({
  id: 'setConfig',
  method: 'PUT',
  path: '/configs/:configId',
  summary: 'Sets keys of one configuration sub-system; keys not given keep their values',
  tag: 'configuration',
  auth: true,
  params,
  body: SetConfigRequest,
  responses: { 200: SetConfigResponse, ...CALL_ERRORS },
});

export const restartService = defineRoute({
  id: 'restartService',
  method: 'POST',
  path: '/service/restart',
  summary: 'Restarts the storage server and waits until it answers again',
  tag: 'configuration',
  auth: true,
  responses: { 204: null, ...CALL_ERRORS },
});
