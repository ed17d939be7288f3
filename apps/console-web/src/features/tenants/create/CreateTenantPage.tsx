import { Button, Grid, Group, Paper, Progress, Stepper, Switch, Tooltip } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { useOperatorRight } from '../../../components/OperatorCan.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ConfigureStep } from './ConfigureStep.js';
import { CredentialsModal } from './CredentialsModal.js';
import { createBody } from './createBody.js';
import { EncryptionStep } from './EncryptionStep.js';
import { IdentityStep } from './IdentityStep.js';
import { ImagesStep } from './ImagesStep.js';
import { PlacementStep } from './PlacementStep.js';
import { useCreateTenant } from './queries.js';
import { ReviewStep } from './ReviewStep.js';
import { SecurityStep } from './SecurityStep.js';
import { SetupStep } from './SetupStep.js';
import { SizePreviewPanel } from './SizePreviewPanel.js';
import { sizePreview } from './sizePreview.js';
import type { StepProps } from './stepProps.js';
import {
  configureProblems,
  encryptionProblems,
  identityProblems,
  imageProblems,
  nameProblems,
  noProblems,
  type Problems,
  placementProblems,
  securityValid,
} from './stepRules.js';
import { useSizeInputs } from './useSizeInputs.js';
import { initialForm, type WizardForm } from './wizardState.js';

type StepId =
  | 'setup'
  | 'configure'
  | 'images'
  | 'placement'
  | 'identity'
  | 'security'
  | 'encryption'
  | 'review';

interface WizardStep {
  id: StepId;
  problems: Problems;
  valid: boolean;
  render: (props: StepProps) => ReactNode;
}

const step = (id: StepId, problems: Problems, render: WizardStep['render']): WizardStep => ({
  id,
  problems,
  valid: noProblems(problems),
  render,
});

/** Spec 002 §2.5: the Create New Tenant wizard at /tenants/add. */
export function CreateTenantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createRight = useOperatorRight('createTenant');
  const create = useCreateTenant();
  const [form, setForm] = useState<WizardForm>(initialForm);
  const [advanced, setAdvanced] = useState(false);
  const [active, setActive] = useState(0);
  const [attempted, setAttempted] = useState<ReadonlySet<StepId>>(new Set());
  const set = (patch: Partial<WizardForm>) => setForm((f) => ({ ...f, ...patch }));

  const size = useSizeInputs(form);
  const preview = sizePreview(form, size.inputs);
  // Spec §4: when a namespace's storage classes load, the first is chosen.
  const firstClass = size.namespaceState === 'ready' ? (size.classes[0]?.name ?? '') : '';
  useEffect(() => {
    if (firstClass) setForm((f) => (f.storageClass === '' ? { ...f, storageClass: firstClass } : f));
  }, [firstClass]);
  const nameOk = noProblems(nameProblems(form)) && size.namespaceState === 'ready' && size.classes.length > 0;
  const setupValid = nameOk && form.storageClass !== '' && preview.valid;

  const steps: WizardStep[] = [
    {
      id: 'setup',
      problems: nameProblems(form),
      valid: setupValid,
      render: (props) => (
        <SetupStep
          {...props}
          namespaceState={size.namespaceState}
          namespaceCheckError={size.tenantsError?.message}
          classes={size.classes}
          preview={preview}
          parities={size.inputs.parities}
        />
      ),
    },
    ...(advanced
      ? [
          step('configure', configureProblems(form), (props) => (
            <ConfigureStep {...props} storageClasses={size.classes.map((c) => c.name)} />
          )),
          step('images', imageProblems(form), (props) => <ImagesStep {...props} />),
          step('placement', placementProblems(form), (props) => <PlacementStep {...props} />),
          step('identity', identityProblems(form), (props) => <IdentityStep {...props} />),
          { ...step('security', {}, (props) => <SecurityStep {...props} />), valid: securityValid(form) },
          step('encryption', encryptionProblems(form), (props) => <EncryptionStep {...props} />),
        ]
      : []),
  ];
  const allValid = steps.every((s) => s.valid);
  // Query keys compare by value, so a new object each render keeps the Review's preview cached.
  const body = allValid ? createBody(form, preview, advanced) : undefined;
  const reviewIndex = steps.length;
  const current = steps[active];
  const canCreateTenants = createRight.state !== 'denied';
  // Spec §2.5: not already submitting, a storage class chosen, the size page valid (and, beyond
  // the spec, every other page, which the server would refuse anyway).
  const canCreate = !create.isPending && form.storageClass !== '' && preview.valid && body !== undefined;

  const next = () => {
    if (current && !current.valid) {
      setAttempted((s) => new Set(s).add(current.id));
      return;
    }
    setActive((i) => Math.min(i + 1, reviewIndex));
  };
  const closeCredentials = () => {
    create.reset();
    setForm(initialForm());
    setActive(0);
    navigate('/tenants');
  };

  const createButton = (
    <Button disabled={!canCreate || !canCreateTenants} onClick={() => body && create.mutate(body)}>
      {t('tenantWizard.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('tenantWizard.title')}
        actions={
          <Switch
            label={t('tenantWizard.advancedMode')}
            checked={advanced}
            onChange={(e) => {
              setAdvanced(e.currentTarget.checked);
              setActive(0);
            }}
          />
        }
      />
      {create.isPending && <Progress value={100} animated mb="sm" aria-label={t('tenantWizard.creating')} />}
      <ErrorBanner error={create.error} onClose={() => create.reset()} />
      <Grid mt="sm">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg">
            <Stepper
              active={active}
              onStepClick={(index) => index < active && setActive(index)}
              size="sm"
              orientation="horizontal"
              wrap
            >
              {[...steps.map((s) => s.id), 'review' as const].map((id, index) => (
                <Stepper.Step
                  key={id}
                  label={t(`tenantWizard.steps.${id}`)}
                  description={advanced ? undefined : t(`tenantWizard.stepDescriptions.${id}`)}
                  allowStepSelect={index < active}
                />
              ))}
            </Stepper>
            <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
              {current ? (
                current.render({ form, set, problems: current.problems, showAll: attempted.has(current.id) })
              ) : (
                <ReviewStep form={form} preview={preview} advanced={advanced} body={body} />
              )}
            </div>
            <Group justify="space-between" mt="xl">
              <Button variant="default" onClick={() => navigate('/tenants')}>
                {t('tenantWizard.cancel')}
              </Button>
              <Group>
                {active > 0 && (
                  <Button variant="default" onClick={() => setActive((i) => i - 1)}>
                    {t('tenantWizard.back')}
                  </Button>
                )}
                {current && (
                  <Button variant="light" onClick={next}>
                    {t('tenantWizard.next')}
                  </Button>
                )}
                {canCreateTenants ? (
                  createButton
                ) : (
                  <Tooltip label={t('tenantWizard.readOnly')}>
                    <span>{createButton}</span>
                  </Tooltip>
                )}
              </Group>
            </Group>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SizePreviewPanel
            preview={preview}
            ready={form.storageClass !== '' && size.inputs.maxMemory !== undefined}
          />
        </Grid.Col>
      </Grid>
      <CredentialsModal tenant={form.tenantName} credentials={create.data} onClose={closeCredentials} />
    </>
  );
}
