import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.js';
import { DrivesPanel } from './DrivesPanel.js';
import { VolumesPanel } from './VolumesPanel.js';

const SECTIONS = ['volumes', 'drives'] as const;
type Section = (typeof SECTIONS)[number];

/** Spec 002 §2.6: /storage/volumes and /storage/drives, one tab each; the URL names the tab. */
export function StoragePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const section: Section = pathname.endsWith('/drives') ? 'drives' : 'volumes';
  return (
    <>
      <PageHeader title={t('pages.storage')} />
      <Tabs
        value={section}
        onChange={(next) => next && void navigate(`/storage/${next}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('storage.tabs')} mb="md">
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`pages.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="volumes">
          <VolumesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="drives">
          <DrivesPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
