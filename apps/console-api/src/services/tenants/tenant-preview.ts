import type { CreateTenantRequest, TenantPreview } from '@stowage/contract';
import { createTenantObjects } from './create-objects.js';
import { tenantYaml } from './update.js';

// POST /tenants/preview: the wizard's "what will be applied" view. The same plan as a create,
// built from the same body and checked by the same rules, but nothing is written and no secret
// value leaves the server: secrets are listed by name, type and keys only.

/** Generated keys are never shown; the preview marks where they would go. */
const HIDDEN = (length: number) => '*'.repeat(length);

export function previewTenant(body: CreateTenantRequest, defaultImage: string): TenantPreview {
  const plan = createTenantObjects(body, { defaultImage, randomText: HIDDEN });
  const secrets: TenantPreview['secrets'] = [];
  let yaml = '';
  for (const step of plan.steps) {
    if (step.kind === 'Tenant') yaml = tenantYaml(step.object);
    else
      secrets.push({
        name: step.object.metadata.name,
        type: step.object.type ?? 'Opaque',
        keys: Object.keys({ ...step.object.data, ...step.object.stringData }).sort(),
      });
  }
  return { yaml, secrets };
}
